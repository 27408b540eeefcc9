import { MOVIE_TITLE_MAX } from '@cinegraph/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';

interface MovieTitleEditorProps {
  initialTitle: string;
  saving: boolean;
  onSave(draft: string): void;
  onCancel(): void;
}

/** The card's inline title field: Enter saves, Escape cancels. */
export function MovieTitleEditor({ initialTitle, saving, onSave, onCancel }: MovieTitleEditorProps) {
  const [draft, setDraft] = useState(initialTitle);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!saving) onSave(draft);
  }

  return (
    <form onSubmit={submit} className="flex w-full items-center gap-2">
      <input
        aria-label="Movie title"
        value={draft}
        maxLength={MOVIE_TITLE_MAX}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        onFocus={(event) => event.target.select()}
        readOnly={saving}
        autoFocus
        className="h-8 min-w-0 flex-1 rounded-lg border border-white/15 bg-neutral-950 px-2.5 text-sm text-white outline-none transition focus:border-amber-400/70 focus:ring-2 focus:ring-amber-400/20"
      />
      <Button type="submit" variant="primary" size="sm" busy={saving}>
        Save
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </form>
  );
}
