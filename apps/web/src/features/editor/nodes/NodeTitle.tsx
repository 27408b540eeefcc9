import type { EditorNode } from '@cinegraph/contracts';
import { useState } from 'react';
import { useEditorActions } from '../editorActions';

export const HEADING = 'text-sm font-semibold break-words';

/**
 * A node's name as its title, the same for every kind of node: it drags the node like the rest of the
 * header and wraps instead of being cut. With `renameLabel` (inputs and workflows) a double-click edits
 * it in place: Enter or leaving the field saves, Escape cancels.
 */
export function NodeTitle({
  node,
  renameLabel,
}: {
  node: Pick<EditorNode, '_id' | 'name'>;
  /** The field's accessible name while editing, e.g. 'Input name'; none: the name is not edited here. */
  renameLabel?: string;
}) {
  const actions = useEditorActions();
  const [draft, setDraft] = useState<string | null>(null);
  if (!renameLabel) return <h3 className={HEADING}>{node.name}</h3>;
  if (draft === null) {
    return (
      <h3
        className={HEADING}
        title="Double-click to rename"
        onDoubleClick={(event) => {
          event.stopPropagation();
          setDraft(node.name);
        }}
      >
        {node.name}
      </h3>
    );
  }
  const commit = () => {
    const next = draft.trim();
    if (next && next !== node.name) actions.updateNode(node._id, { name: next });
    setDraft(null);
  };
  return (
    <input
      aria-label={renameLabel}
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
