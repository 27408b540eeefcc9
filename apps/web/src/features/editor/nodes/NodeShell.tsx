import type { CanvasNodeType, EditorNode } from '@cinegraph/contracts';
import type { CSSProperties, PointerEventHandler, ReactNode } from 'react';
import { Menu } from '../../../ui/Menu';
import { useEditorActions } from '../editorActions';
import { LEVEL_LABELS, LevelSymbol } from './LevelSymbol';
import { nodeMenuItems, nodeMenuLabel } from './nodeMenu';
import { NodeTitle } from './NodeTitle';
import type { CardState } from '../logic/farNodes';

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
      title={
        <div className={TITLE_BOX}>
          <NodeTitle node={node} renameLabel={renameLabel} />
        </div>
      }
      menu={
        <div className="nodrag nopan">
          <Menu
            label={nodeMenuLabel(node)}
            trigger={<span aria-hidden="true">⋯</span>}
            triggerClassName={MENU_TRIGGER}
            items={nodeMenuItems(node, actions)}
          />
        </div>
      }
    >
      {children}
    </NodeFrame>
  );
}

/** Where a node's title sits in its header: the room left by the symbol and the menu, wrapping. */
export const TITLE_BOX = 'min-w-0 flex-1 text-neutral-100';

export const MENU_TRIGGER =
  'flex size-6 items-center justify-center rounded-md text-neutral-400 hover:bg-white/10 hover:text-white';

/**
 * A node's frame and header (symbol, title, menu) around its body, in full or as a card (see FarNode).
 * Every colour of a box that is rounded and has both a fill and a border is opaque: Chromium draws
 * such a box with a see-through border by clipping it to its rounded outline in a layer of its own,
 * and in software (a laptop without GPU raster, the bench's Chromium) that clip and layer made a
 * card's raster about twice a plain React Flow node's; auto-panning 1,000 cards waited on it. The
 * colours are the same as the see-through ones over the node's fill (SOLID_EDGE), and the header's
 * divider is a line of its own (a border on its rounded, tinted header would clip it again).
 */
export function NodeFrame({
  node,
  type,
  selected,
  title,
  menu,
  card,
  style,
  onPointerEnter,
  onPointerLeave,
  children,
}: {
  node: EditorNode;
  type: CanvasNodeType;
  selected: boolean;
  /** The title in its box (TITLE_BOX): the header's room between the symbol and the menu. */
  title: ReactNode;
  menu: ReactNode;
  /** Drawn as a card: the header tinted in the kind's colour, the border in the state's, if any. */
  card?: { state: CardState | null };
  style?: CSSProperties;
  onPointerEnter?: PointerEventHandler;
  onPointerLeave?: PointerEventHandler;
  children: ReactNode;
}) {
  const border = card?.state
    ? CARD_BORDERS[card.state]
    : selected
      ? 'border-[var(--editor-accent)]'
      : SOLID_EDGE.border;
  return (
    <div
      data-testid="editor-node"
      data-node-type={type}
      data-node-id={node._id}
      data-hidden={node.hidden || undefined}
      data-card={card ? (card.state ?? '') : undefined}
      aria-label={`${LEVEL_LABELS[type]}: ${node.name}`}
      className={`rounded-xl border bg-neutral-900 text-neutral-100 ${border} ${
        selected ? 'ring-2 ring-[var(--editor-accent)]/40' : ''
      }`}
      style={style}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <header
        className={`flex items-center gap-2 px-3 py-2 ${card ? `rounded-t-xl ${HEADER_TINTS[type]} ${CARD_TINT.header}` : ''}`}
      >
        {card ? (
          // A card shows its kind as colour (the header's): its level symbol would be a dot of a pixel
          // or two. One box, not a box in a box, and square: a card is drawn hundreds of times at once,
          // and a rounded box costs the raster more than a plain one (see FAR_HANDLE).
          <span className="size-4 shrink-0 bg-current" title={LEVEL_LABELS[type]} />
        ) : (
          <span className={HEADER_TINTS[type]} title={LEVEL_LABELS[type]}>
            <LevelSymbol type={type} />
          </span>
        )}
        {title}
        {menu}
      </header>
      <div
        aria-hidden="true"
        className={`h-px ${card ? `${HEADER_TINTS[type]} ${CARD_TINT.divider}` : SOLID_EDGE.line}`}
      />
      {children}
    </div>
  );
}

/**
 * White at 10% over the node's fill (neutral-900), as one opaque colour: the node's border and its
 * header's divider.
 */
const SOLID_EDGE = {
  border: 'border-[color-mix(in_srgb,var(--color-white)_10%,var(--color-neutral-900))]',
  line: 'bg-[color-mix(in_srgb,var(--color-white)_10%,var(--color-neutral-900))]',
};

/**
 * A card's header: its kind's colour (currentColor) at 15% over the node's fill, and the divider white
 * at 10% over that, each as one opaque colour.
 */
const CARD_TINT = {
  header: 'bg-[color-mix(in_srgb,currentColor_15%,var(--color-neutral-900))]',
  divider:
    'bg-[color-mix(in_srgb,var(--color-white)_10%,color-mix(in_srgb,currentColor_15%,var(--color-neutral-900)))]',
};

/** A card's border by its node's state: the footer and messages that say it are not drawn. */
const CARD_BORDERS: Record<CardState, string> = {
  running: 'border-sky-400',
  waiting: 'border-amber-400',
  failed: 'border-red-500',
};
