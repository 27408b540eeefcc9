import { HANDLE_COLORS, HANDLE_SIZE_PX, type Handle as HandleInfo } from '@cinegraph/contracts';
import { Handle, Position, useStoreApi, type NodeHandle, type NodeProps } from '@xyflow/react';
import { useContext } from 'react';
import type { CanvasNode } from '../logic/canvasNodes';
import { sizeEstimate } from '../logic/unmeasuredNodes';
import { CardMenuContext, useCardState } from './farZoom';
import { nodeMenuLabel } from './nodeMenu';
import { MENU_TRIGGER, NodeFrame } from './NodeShell';
import { NodeTitle } from './NodeTitle';

/**
 * A node on a canvas zoomed out past reading (CANVAS_SETTINGS.detailMinZoom), drawn as a card: its
 * frame and title where they are, at its size, its header tinted in its kind's colour, its border in
 * its state's (running, waiting, failed), and its handles where its edges end, still connectable, as
 * coloured dots, and its menu's glyph (see CardMenu). Its fields, buttons and footer are not mounted:
 * a fitted view of a large movie opens and pans drawing cards only. The size and handles are the node's as last drawn in full, or
 * estimated from what it carries (sizeEstimate) if it never was.
 */
export function FarNode({ id, data, type, selected, height }: NodeProps<CanvasNode>) {
  const { node } = data;
  const state = useCardState(id);
  const openMenu = useContext(CardMenuContext);
  const store = useStoreApi<CanvasNode>();
  // Read as the node is drawn, not followed: the places change only when the node is drawn in full.
  const drawn = store.getState().nodeLookup.get(id)?.internals.handleBounds;
  const estimate = sizeEstimate(node, type);
  const handles: NodeHandle[] = drawn ? [...(drawn.target ?? []), ...(drawn.source ?? [])] : estimate.handles;
  const dataTypes = new Map<string, HandleInfo['type']>(
    [...node.input_handles, ...node.output_handles].map((h) => [h.id, h.type]),
  );
  return (
    <NodeFrame
      node={node}
      type={type}
      selected={selected}
      card={{ state }}
      title={<NodeTitle node={node} />}
      // The menu's glyph where it is in full (the title wraps as it does there); its list opens at the
      // screen's scale (see CardMenuContext), as a right-click on the card opens it.
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
          <span aria-hidden="true">⋯</span>
        </button>
      }
      style={{ height: height ?? estimate.height, position: 'relative' }}
    >
      {/* Placed from the node's outer edge, as React Flow measures them (the frame's border is 1 px). The
      layer lets clicks through to the card (its menu's glyph); the handles take theirs (React Flow's own
      pointer-events on a connectable handle). */}
      <div className="pointer-events-none absolute -inset-px">
        {handles.map((handle) => (
          <Handle
            key={`${handle.type}-${handle.id}`}
            id={handle.id}
            type={handle.type}
            position={handle.type === 'target' ? Position.Left : Position.Right}
            style={{
              left: handle.x,
              top: handle.y,
              right: 'auto',
              transform: 'none',
              width: HANDLE_SIZE_PX,
              height: HANDLE_SIZE_PX,
              minWidth: HANDLE_SIZE_PX,
              minHeight: HANDLE_SIZE_PX,
              background: HANDLE_COLORS[dataTypes.get(handle.id ?? '') ?? 'any'] ?? HANDLE_COLORS.any,
              border: 'none',
            }}
          />
        ))}
      </div>
    </NodeFrame>
  );
}
