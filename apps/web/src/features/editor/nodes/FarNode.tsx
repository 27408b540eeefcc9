import { HANDLE_COLORS, HANDLE_SIZE_PX } from '@cinegraph/contracts';
import { Handle, Position, useStoreApi, type NodeHandle, type NodeProps } from '@xyflow/react';
import type { CanvasNode } from '../logic/canvasNodes';
import { sizeEstimate } from '../logic/unmeasuredNodes';
import { MenuGlyph, NodeFrame } from './NodeShell';
import { NodeTitle } from './NodeTitle';

/**
 * A node on a canvas zoomed out past reading (CANVAS_SETTINGS.detailMinZoom): its frame, symbol and
 * title where they are, at its size, and its handles where its edges end (not painted, as its fields
 * would be unreadable), without mounting its fields, buttons and footer: a fitted view of a large
 * movie opens and pans drawing frames only. The size and handles are the node's as last drawn in
 * full, or estimated from what it carries (sizeEstimate) if it never was.
 */
export function FarNode({ id, data, type, selected, height }: NodeProps<CanvasNode>) {
  const { node } = data;
  const store = useStoreApi<CanvasNode>();
  // Read as the node is drawn, not followed: the places change only when the node is drawn in full.
  const drawn = store.getState().nodeLookup.get(id)?.internals.handleBounds;
  const estimate = sizeEstimate(node, type);
  const handles: NodeHandle[] = drawn ? [...(drawn.target ?? []), ...(drawn.source ?? [])] : estimate.handles;
  return (
    <NodeFrame
      node={node}
      type={type}
      selected={selected}
      title={<NodeTitle node={node} />}
      menu={<MenuGlyph />}
      style={{ height: height ?? estimate.height, position: 'relative' }}
    >
      {/* Placed from the node's outer edge, as React Flow measures them (the frame's border is 1 px). */}
      <div className="absolute -inset-px">
        {handles.map((handle) => (
          <Handle
            key={`${handle.type}-${handle.id}`}
            id={handle.id}
            type={handle.type}
            position={handle.type === 'target' ? Position.Left : Position.Right}
            isConnectable={false}
            style={{
              left: handle.x,
              top: handle.y,
              right: 'auto',
              transform: 'none',
              width: HANDLE_SIZE_PX,
              height: HANDLE_SIZE_PX,
              minWidth: HANDLE_SIZE_PX,
              minHeight: HANDLE_SIZE_PX,
              background: HANDLE_COLORS.any,
              border: 'none',
              visibility: 'hidden',
            }}
          />
        ))}
      </div>
    </NodeFrame>
  );
}
