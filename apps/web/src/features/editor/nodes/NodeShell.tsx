import type { CanvasNodeType, EditorNode } from '@cinegraph/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { Menu } from '../../../ui/Menu';
import { useEditorActions } from '../editorActions';
import { LEVEL_LABELS, LevelSymbol } from './LevelSymbol';
import { NodeTitle } from './NodeTitle';

interface NodeShellProps {
  node: EditorNode;
  type: CanvasNodeType;
  selected: boolean;
  /** The accessible name of the field that renames the node in place; none: the name is not edited here. */
  renameLabel?: string;
  children: ReactNode;
}

const HEADER_TINTS: Record<CanvasNodeType, string> = {
  moviePrimitive: 'text-amber-300',
  scenePrimitive: 'text-sky-300',
  shotPrimitive: 'text-emerald-300',
  characterPrimitive: 'text-purple-300',
  workflow: 'text-[var(--editor-accent)]',
  utility: 'text-neutral-300',
};

/**
 * The frame every node shares: level symbol, name, the node's menu (hide/show, delete), its body. It is
 * drawn plainly (an opaque fill and a border, no blur or shadow): the canvas repaints every node in view
 * while one moves, and a blurred backdrop or a soft shadow a node makes that repaint many times dearer.
 */
export function NodeShell({ node, type, selected, renameLabel, children }: NodeShellProps) {
  const actions = useEditorActions();
  return (
    <NodeFrame
      node={node}
      type={type}
      selected={selected}
      title={<NodeTitle node={node} renameLabel={renameLabel} />}
      menu={
        <div className="nodrag nopan">
          <Menu
            label={`Node menu of ${node.name}`}
            trigger={<span aria-hidden="true">⋯</span>}
            triggerClassName={MENU_TRIGGER}
            items={[
              node.hidden
                ? { label: 'Show node', onSelect: () => actions.setHidden(node._id, false) }
                : { label: 'Hide node', onSelect: () => actions.setHidden(node._id, true) },
              { label: 'Delete node', danger: true, onSelect: () => actions.requestDelete([node._id]) },
            ]}
          />
        </div>
      }
    >
      {children}
    </NodeFrame>
  );
}

const MENU_TRIGGER =
  'flex size-6 items-center justify-center rounded-md text-neutral-400 hover:bg-white/10 hover:text-white';

/** The menu's trigger as it looks, not a button: a node zoomed out past reading (see FarNode). */
export function MenuGlyph() {
  return (
    <span aria-hidden="true" className={MENU_TRIGGER}>
      ⋯
    </span>
  );
}

/** A node's frame and header (symbol, title, menu) around its body, zoomed in or out. */
export function NodeFrame({
  node,
  type,
  selected,
  title,
  menu,
  style,
  children,
}: {
  node: EditorNode;
  type: CanvasNodeType;
  selected: boolean;
  title: ReactNode;
  menu: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <div
      data-testid="editor-node"
      data-node-type={type}
      data-node-id={node._id}
      data-hidden={node.hidden || undefined}
      aria-label={`${LEVEL_LABELS[type]}: ${node.name}`}
      className={`rounded-xl border bg-neutral-900 text-neutral-100 ${
        selected ? 'border-[var(--editor-accent)] ring-2 ring-[var(--editor-accent)]/40' : 'border-white/10'
      }`}
      style={style}
    >
      <header className="flex items-center gap-2 border-b border-white/10 px-3 py-2">
        <span className={HEADER_TINTS[type]} title={LEVEL_LABELS[type]}>
          <LevelSymbol type={type} />
        </span>
        <div className="min-w-0 flex-1">{title}</div>
        {menu}
      </header>
      {children}
    </div>
  );
}
