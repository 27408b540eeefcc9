import type { EditorNode } from '@cinegraph/contracts';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useEditorActions } from '../editorActions';
import { nodeMenuItems, nodeMenuLabel } from './nodeMenu';

interface CardMenuProps {
  node: EditorNode;
  /** Where the menu opens, in pixels within the canvas. */
  at: { x: number; y: number };
  onClose(): void;
}

/**
 * A card's node menu (see FarNode), the same actions as the node's own menu in full, drawn over the
 * canvas at the screen's scale. Closes on a choice, an outside click, Escape or Tab.
 */
export function CardMenu({ node, at, onClose }: CardMenuProps) {
  const actions = useEditorActions();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [onClose]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // The editor's own keys (Delete, Space, letters) do not act behind the menu.
    event.stopPropagation();
    const entries = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(index + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  }

  const label = nodeMenuLabel(node);
  return (
    <div
      ref={rootRef}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      className="absolute z-30 min-w-44 rounded-xl border border-white/10 bg-neutral-900/95 p-1 shadow-2xl shadow-black/60"
      style={{ left: at.x, top: at.y }}
    >
      {nodeMenuItems(node, actions).map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
          className={`flex w-full items-center rounded-lg px-3 py-2 text-left text-sm whitespace-nowrap outline-none hover:bg-white/10 focus-visible:bg-white/10 ${
            item.danger ? 'text-red-400' : 'text-neutral-200'
          }`}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
