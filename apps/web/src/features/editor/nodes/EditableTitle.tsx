import { useState } from 'react';

/**
 * A node's name as its title: it drags the node like the rest of the header, wraps instead of being
 * cut, and a double-click edits it in place (Enter or leaving the field saves, Escape cancels).
 */
export function EditableTitle({
  name,
  label,
  onRename,
}: {
  name: string;
  /** The field's accessible name while editing, e.g. 'Input name'. */
  label: string;
  onRename(name: string): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <h3
        className="text-sm font-semibold break-words"
        title="Double-click to rename"
        onDoubleClick={(event) => {
          event.stopPropagation();
          setDraft(name);
        }}
      >
        {name}
      </h3>
    );
  }
  const commit = () => {
    const next = draft.trim();
    if (next && next !== name) onRename(next);
    setDraft(null);
  };
  return (
    <input
      aria-label={label}
      autoFocus
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        else if (event.key === 'Escape') setDraft(null);
      }}
      className="nodrag w-full rounded bg-neutral-950 px-1 text-sm font-semibold outline-none ring-1 ring-[var(--editor-accent)]"
    />
  );
}
