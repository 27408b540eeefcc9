import { HANDLE_COLORS, type EditorNode } from '@cinegraph/contracts';
import { useStoreApi, type NodeHandle, type NodeProps } from '@xyflow/react';
import { useContext, useState } from 'react';
import type { CanvasNode } from '../logic/canvasNodes';
import { sizeEstimate } from '../logic/unmeasuredNodes';
import { CardHandle } from './CardHandle';
import { FRAME_BORDER_PX } from './farHandle';
import { CardMenuContext, useCardState } from './farZoom';
import { nodeMenuLabel } from './nodeMenu';
import { MENU_TRIGGER, NodeFrame, TITLE_BOX } from './NodeShell';
import { HEADING } from './NodeTitle';

/**
 * A node on a canvas zoomed out past reading (CANVAS_SETTINGS.detailMinZoom), drawn as a card: its
 * frame and title where they are, at its size, its header tinted in its kind's colour, its border in
 * its state's (running, waiting, failed), and its handles where its edges end, still connectable, as
 * coloured dots, and its menu's glyph (see CardMenu). Its fields, buttons and footer are not mounted:
 * a fitted view of a large movie opens and pans drawing cards only. The size and handles are the node's as last drawn in full, or
 * estimated from what it carries (sizeEstimate) if it never was.
 */
export function FarNode({ id, data, type, selected, dragging, height }: NodeProps<CanvasNode>) {
  const { node } = data;
  const state = useCardState(id);
  const openMenu = useContext(CardMenuContext);
  const store = useStoreApi<CanvasNode>();
  // Read as the node is drawn, not followed: the places change only when the node is drawn in full.
  const { nodeLookup, rfId } = store.getState();
  const drawn = nodeLookup.get(id)?.internals.handleBounds;
  // Its handles are React Flow's while the pointer is on it (see CardHandle), and while it is dragged:
  // the pointer may slip off it at a step of the snap grid, and back on at the next.
  const [pointed, setPointed] = useState(false);
  const live = pointed || dragging;
  // Estimated only if React Flow has neither: it has both for every node it draws (the estimates the
  // canvas gives it, then the measures), and a fitted view draws hundreds of cards at once.
  const estimate = () => sizeEstimate(node, type);
  const handles: NodeHandle[] = drawn
    ? [...(drawn.target ?? []), ...(drawn.source ?? [])]
    : estimate().handles;
  return (
    <NodeFrame
      node={node}
      type={type}
      selected={selected}
      card={{ state }}
      // The title as a full node draws it (NodeTitle), in one box rather than a box in a box.
      title={<h3 className={`${TITLE_BOX} ${HEADING}`}>{node.name}</h3>}
      // The menu's glyph where it is in full (the title wraps as it does there); its list opens at the
      // screen's scale (see CardMenuContext), as a right-click on the card opens it. The glyph is the
      // button's own text (its name is its label).
      menu={
        <button
          type="button"
          aria-label={nodeMenuLabel(node)}
          aria-haspopup="menu"
          className={`nodrag nopan shrink-0 ${MENU_TRIGGER}`}
          onClick={(event) => {
            const glyph = event.currentTarget.getBoundingClientRect();
            openMenu(id, { x: glyph.left, y: glyph.bottom });
          }}
        >
          ⋯
        </button>
      }
      style={{ height: height ?? estimate().height, position: 'relative' }}
      // Not under a pressed button but while connecting: a node dragged or the view panned over cards
      // would swap their handles as it passes.
      onPointerEnter={(event) => {
        if (event.buttons === 0 || store.getState().connection.inProgress) setPointed(true);
      }}
      onPointerLeave={() => setPointed(false)}
    >
      {/* In the frame itself, placed from its padding edge: React Flow measures them from the node's
      outer edge, one border (1 px) further out. What is the same for every handle is in a class
      (FAR_HANDLE), not in each one's inline style. */}
      {handles.map((handle) => (
        <CardHandle
          key={`${handle.type}-${handle.id}`}
          nodeId={id}
          flowId={rfId}
          handle={handle}
          live={live}
          style={{
            left: handle.x - FRAME_BORDER_PX,
            top: handle.y - FRAME_BORDER_PX,
            backgroundColor: colorOf(node, handle),
          }}
        />
      ))}
    </NodeFrame>
  );
}

/** A handle's dot colour: its data type's (any if the node no longer has it). */
function colorOf(node: EditorNode, handle: NodeHandle): string {
  const side = handle.type === 'target' ? node.input_handles : node.output_handles;
  return HANDLE_COLORS[side.find((h) => h.id === handle.id)?.type ?? 'any'] ?? HANDLE_COLORS.any;
}
