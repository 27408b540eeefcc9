import {
  DEFAULT_NODE_WIDTHS,
  HANDLE_SIZE_PX,
  type CanvasNodeType,
  type EditorNode,
  type Handle,
} from '@cinegraph/contracts';
import type { Handle as DrawnHandle, NodeChange, NodeHandle, Position } from '@xyflow/react';
import type { CanvasNode } from './canvasNodes';

/** The drawn sizes of a node's parts, in canvas pixels (NodeShell, HandleRow, the node bodies). */
const HEADER_PX = 41;
const ROW_PX = 24;
const VALUE_PX = 90;
const WORKFLOW_ACTIONS_PX = 36;
const PADDING_PX = 8;

/**
 * A node's size and handles before the canvas has drawn it, from what it carries. React Flow draws only
 * the nodes in view, but one it has never measured it draws anyway, to measure it: with these estimates
 * a graph of a thousand nodes opens drawing the few in view. The first draw of a node measures it and
 * its real size and handles replace these (see settleMeasured); until then they place the off-screen
 * end of an edge and the node on the minimap.
 */
export function withSizeEstimate(node: CanvasNode): CanvasNode {
  if (node.measured) return node;
  const { width, height, handles } = sizeEstimate(node.data.node, node.type ?? 'utility');
  return { ...node, initialWidth: width, initialHeight: height, handles };
}

/** A node's drawn size and the places of its handles, estimated from what it carries (see withSizeEstimate). */
export function sizeEstimate(
  node: EditorNode,
  type: CanvasNodeType,
): { width: number; height: number; handles: NodeHandle[] } {
  const width = node.width ?? DEFAULT_NODE_WIDTHS[type];
  const { input_handles: inputs, output_handles: outputs } = node;
  const primitive = node.type === 'primitive';
  let top = HEADER_PX + (primitive ? VALUE_PX : PADDING_PX);
  if (node.type === 'workflow') top += WORKFLOW_ACTIONS_PX;
  const rows: [Handle, 'target' | 'source'][] = [
    ...(primitive ? [] : inputs.map((h): [Handle, 'target'] => [h, 'target'])),
    ...outputs.slice(0, primitive ? 1 : undefined).map((h): [Handle, 'source'] => [h, 'source']),
  ];
  const handles: NodeHandle[] = rows.map(([handle, kind], i) => ({
    id: handle.id,
    type: kind,
    position: (kind === 'target' ? 'left' : 'right') as Position,
    x: kind === 'target' ? -HANDLE_SIZE_PX / 2 : width - HANDLE_SIZE_PX / 2,
    y: top + i * ROW_PX + (ROW_PX - HANDLE_SIZE_PX) / 2,
    width: HANDLE_SIZE_PX,
    height: HANDLE_SIZE_PX,
  }));
  return { width, height: top + rows.length * ROW_PX + PADDING_PX, handles };
}

/**
 * The nodes with the estimates dropped from those the canvas has measured: React Flow reads a node's
 * given handles again each time the node changes, and they would move the ends of its edges back.
 */
export function settleMeasured(nodes: CanvasNode[]): CanvasNode[] {
  let changed = false;
  const settled = nodes.map((node) => {
    if (!node.measured || !node.handles) return node;
    changed = true;
    const { handles: _handles, initialWidth: _width, initialHeight: _height, ...rest } = node;
    return rest;
  });
  return changed ? settled : nodes;
}

/** How far (canvas pixels) a handle React Flow measured may lie from its estimate and still be the same. */
const SAME_PLACE_PX = 1;

/**
 * The changes without the sizes React Flow reports for nodes drawn exactly as estimated (a card always
 * is): taking them would hand React Flow every such node anew, and it would go through each of them and
 * their edges once more, in the frame that first shows them, for the same size and handles. `drawn`
 * gives the handles React Flow measured on a node. A node left with its estimates keeps them until it
 * is drawn otherwise (its next size change is reported then).
 */
export function withoutEstimatedSizes(
  changes: NodeChange<CanvasNode>[],
  nodes: readonly CanvasNode[],
  drawn: (id: string) => readonly DrawnHandle[] | undefined,
): NodeChange<CanvasNode>[] {
  if (!changes.some((change) => change.type === 'dimensions')) return changes;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return changes.filter((change) => {
    if (change.type !== 'dimensions' || change.resizing || change.setAttributes) return true;
    const node = byId.get(change.id);
    if (!node || node.measured || !node.handles || !change.dimensions) return true;
    const sameSize =
      change.dimensions.width === node.initialWidth && change.dimensions.height === node.initialHeight;
    return !(sameSize && sameHandles(node.handles, drawn(change.id) ?? []));
  });
}

function sameHandles(estimated: readonly NodeHandle[], drawn: readonly DrawnHandle[]): boolean {
  if (estimated.length !== drawn.length) return false;
  return estimated.every((handle) =>
    drawn.some(
      (other) =>
        (other.id ?? null) === (handle.id ?? null) &&
        other.type === handle.type &&
        Math.abs(other.x - handle.x) <= SAME_PLACE_PX &&
        Math.abs(other.y - handle.y) <= SAME_PLACE_PX,
    ),
  );
}
