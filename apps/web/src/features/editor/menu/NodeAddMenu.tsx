import { useEffect, useRef, useState } from 'react';
import { SharedWorkflowsPicker } from '../../workflows/SharedWorkflowsPicker';
import { opensSharedBrowser, type ChoiceCategory, type NodeChoice } from '../logic/nodeChoices';

interface NodeAddMenuProps {
  /** Where the menu opens, in pixels within the canvas. */
  at: { x: number; y: number };
  categories: readonly ChoiceCategory[];
  onPick(choice: NodeChoice): void;
  /** Where a node loaded from a shared workflow goes, in canvas coordinates. */
  sharedSpot(): { x: number; y: number };
  onClose(): void;
}

/** The node-add menu at the cursor: Input, Workflow and Utility, each opening its submenu. */
export function NodeAddMenu({ at, categories, onPick, sharedSpot, onClose }: NodeAddMenuProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [openId, setOpenId] = useState<ChoiceCategory['id'] | null>(null);
  const [browsing, setBrowsing] = useState(false);
  const open = categories.find((category) => category.id === openId);

  useEffect(() => {
    // While the shared-workflow browser is up, its dialog owns clicks and keys.
    if (browsing) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [onClose, browsing]);

  if (browsing) {
    return <SharedWorkflowsPicker open position={sharedSpot} onClose={onClose} />;
  }

  return (
    <div
      ref={rootRef}
      data-testid="node-add-menu"
      className="absolute z-30 flex items-start gap-1"
      style={{ left: at.x, top: at.y }}
      onContextMenu={(event) => event.preventDefault()}
    >
      <div role="menu" aria-label="Add node" className={PANEL}>
        {categories.map((category) => (
          <button
            key={category.id}
            type="button"
            role="menuitem"
            aria-haspopup="menu"
            aria-expanded={openId === category.id}
            onMouseEnter={() => setOpenId(category.id)}
            onClick={() => setOpenId(category.id)}
            className={`${ITEM} justify-between ${openId === category.id ? 'bg-white/10' : ''}`}
          >
            {category.label}
            <span aria-hidden="true" className="text-neutral-500">
              ›
            </span>
          </button>
        ))}
      </div>
      {open && (
        <div role="menu" aria-label={open.submenu} className={PANEL}>
          <p className="px-3 pt-1.5 pb-1 text-[10px] font-semibold tracking-wider text-neutral-500 uppercase">
            {open.submenu}
          </p>
          {open.entries.length === 0 && <p className="px-3 py-2 text-xs text-neutral-500">Loading…</p>}
          {open.entries.map((entry) => (
            <button
              key={entry.key}
              type="button"
              role="menuitem"
              title={entry.description}
              onClick={() => {
                if (opensSharedBrowser(entry.choice)) {
                  setBrowsing(true);
                  return;
                }
                onPick(entry.choice);
                onClose();
              }}
              className={ITEM}
            >
              {entry.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

const PANEL =
  'max-h-[300px] min-w-40 overflow-y-auto rounded-xl border border-white/10 bg-neutral-900/95 p-1 shadow-2xl shadow-black/60 backdrop-blur';
const ITEM =
  'flex w-full items-center gap-2 rounded-lg px-3 py-1.5 text-left text-sm text-neutral-200 outline-none hover:bg-white/10 focus-visible:bg-white/10';
