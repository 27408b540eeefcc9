import type { HandleType, Position } from '@xyflow/react';

/** The frame's border (NodeFrame's `border`): a handle inside the frame is placed from inside it. */
export const FRAME_BORDER_PX = 1;

/**
 * A card's handle dot (FarNode): HANDLE_SIZE_PX square, no border, placed by its top left corner
 * (React Flow's own rules centre it on the node's side), as a class rather than in every handle's
 * inline style: a fitted view draws hundreds of cards at once. Square, not round: at a card's zoom
 * (under 0.35) it is under 3 px on screen either way, and a rounded box costs the software raster
 * more than a plain one (with the card's square kind mark, a fitted view of 1,000 cards rasters in
 * 4.6 ms instead of 7.0). Important: React Flow's stylesheet is not in a layer and would win over
 * the utilities' layer otherwise.
 */
export const FAR_HANDLE =
  'right-auto! size-[8px]! min-h-[8px]! min-w-[8px]! transform-none! border-none! rounded-none!';

/**
 * The class and data attributes React Flow's Handle gives a connectable handle while no connection is
 * in progress (see CardHandle): what React Flow reads of a handle in the page, to end a connection on
 * it (its type, node, id and connectable classes) and to measure it (its place), and what lets the
 * pointer reach it (`connectionindicator`).
 */
export function restingHandle(
  flowId: string,
  nodeId: string,
  handle: { id?: string | null; type: HandleType },
  position: Position,
) {
  return {
    'data-handleid': handle.id ?? undefined,
    'data-nodeid': nodeId,
    'data-handlepos': position,
    'data-id': `${flowId}-${nodeId}-${handle.id ?? null}-${handle.type}`,
    className: `react-flow__handle react-flow__handle-${position} nodrag nopan ${FAR_HANDLE} ${handle.type} connectable connectablestart connectableend connectionindicator`,
  };
}
