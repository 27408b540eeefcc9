import { Handle, Position, type NodeHandle } from '@xyflow/react';
import type { CSSProperties } from 'react';
import { FAR_HANDLE, restingHandle } from './farHandle';

/**
 * A card's handle (see FarNode). With the pointer on the card (`live`), React Flow's Handle: a press
 * starts a connection from it, and it shows one in progress. Otherwise a dot with the markup React
 * Flow's Handle has at rest (restingHandle): a connection dragged near it ends on it, and measuring the
 * node finds it. Not React Flow's Handle there, as each of those follows React Flow's store: every
 * step of a drag or a pan over a fitted view of 1,000 cards asked some 2,000 of them whether a
 * connection had begun (a fifth of the main thread's time per frame of an auto-pan).
 */
export function CardHandle({
  nodeId,
  flowId,
  handle,
  live,
  style,
}: {
  nodeId: string;
  /** React Flow's id of the canvas (its store's rfId), part of each handle's data-id. */
  flowId: string;
  handle: NodeHandle;
  live: boolean;
  style: CSSProperties;
}) {
  const position = handle.type === 'target' ? Position.Left : Position.Right;
  if (live) {
    return (
      <Handle id={handle.id} type={handle.type} position={position} className={FAR_HANDLE} style={style} />
    );
  }
  return <div {...restingHandle(flowId, nodeId, handle, position)} style={style} />;
}
