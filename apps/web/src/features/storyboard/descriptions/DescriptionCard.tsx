import type { Description } from '@cinegraph/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { DESCRIPTION_SAVE_FAILED, descriptionProblem } from './descriptionTabs';

type Mode = 'view' | 'edit' | 'confirm-delete';

/** One description: read, edited with Save and Cancel, or deleted after a confirmation. */
export function DescriptionCard({
  description,
  onSave,
  onDelete,
}: {
  description: Description;
  onSave(text: string): Promise<void>;
  onDelete(): Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState(description.description);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(work: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await work();
      setMode('view');
      setError(null);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status !== 0 ? caught.message : failure);
    } finally {
      setBusy(false);
    }
  }
  function startEditing() {
    setDraft(description.description);
    setMode('edit');
  }
  function cancelEditing() {
    setMode('view');
    setError(null);
  }
  function save() {
    const problem = descriptionProblem(draft);
    if (problem) return setError(problem);
    void attempt(() => onSave(draft.trim()), DESCRIPTION_SAVE_FAILED);
  }

  return (
    <li className="flex gap-3 rounded-xl border border-white/10 bg-neutral-950/60 p-3">
      {description.image_url && (
        <img src={description.image_url} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        {mode === 'edit' ? (
          <textarea
            aria-label="Description text"
            rows={4}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            className="w-full rounded-lg border border-white/10 bg-neutral-950 px-3 py-2 text-sm text-neutral-100 outline-none focus:border-amber-400"
          />
        ) : (
          <p className="text-sm whitespace-pre-wrap text-neutral-200">{description.description}</p>
        )}
        {error && (
          <p role="alert" className="text-xs text-red-300">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {mode === 'view' && (
            <>
              <Button size="sm" variant="ghost" onClick={() => setMode('confirm-delete')}>
                Delete
              </Button>
              <Button size="sm" onClick={startEditing}>
                Edit
              </Button>
            </>
          )}
          {mode === 'edit' && (
            <>
              <Button size="sm" variant="ghost" disabled={busy} onClick={cancelEditing}>
                Cancel
              </Button>
              <Button size="sm" variant="primary" busy={busy} onClick={save}>
                Save
              </Button>
            </>
          )}
          {mode === 'confirm-delete' && (
            <>
              <span className="mr-auto self-center text-xs text-neutral-300">Delete this description?</span>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => setMode('view')}>
                Cancel
              </Button>
              <Button
                size="sm"
                variant="danger"
                busy={busy}
                onClick={() => void attempt(onDelete, 'Request failed')}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
