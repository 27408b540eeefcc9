import {
  DEFAULT_NODE_WIDTHS,
  PRIMITIVE_LEVELS,
  edgeId,
  HANDLE_COLORS,
  type CanvasNodeType,
  type Connection,
  type EditorNode,
  type HandleType,
  type MovieInput,
  type NodeKind,
  type NodeLevel,
  type PrimitiveLevel,
} from '@cinegraph/contracts';
import type { Edge, Node } from '@xyflow/react';

/** What a canvas node carries: the server's node as it is, so nothing is lost on the way back. */
export type EditorNodeData = { node: EditorNode };
export type CanvasNode = Node<EditorNodeData, CanvasNodeType>;

const PRIMITIVE_TYPES: Record<PrimitiveLevel, CanvasNodeType> = {
  movie: 'moviePrimitive',
  scene: 'scenePrimitive',
  shot: 'shotPrimitive',
  character: 'characterPrimitive',
};

function isPrimitiveLevel(level: string): level is PrimitiveLevel {
  return (PRIMITIVE_LEVELS as readonly string[]).includes(level);
}

/**
 * The display type of a node: a primitive by its level, workflow and utility as they are. A kind the
 * canvas does not know is drawn as a utility node (its handles still work) instead of failing.
 */
export function canvasTypeOf(node: Pick<EditorNode, 'type' | 'level'>): CanvasNodeType {
  if (node.type === 'primitive')
    return isPrimitiveLevel(node.level) ? PRIMITIVE_TYPES[node.level] : 'moviePrimitive';
  if (node.type === 'workflow') return 'workflow';
  return 'utility';
}

/** The server's kind and level of a display type (a primitive is saved back as `primitive`). */
export function serverKindOf(type: CanvasNodeType): { type: NodeKind; level: NodeLevel } {
  switch (type) {
    case 'moviePrimitive':
      return { type: 'primitive', level: 'movie' };
    case 'scenePrimitive':
      return { type: 'primitive', level: 'scene' };
    case 'shotPrimitive':
      return { type: 'primitive', level: 'shot' };
    case 'characterPrimitive':
      return { type: 'primitive', level: 'character' };
    case 'workflow':
      return { type: 'workflow', level: 'editor' };
    case 'utility':
      return { type: 'utility', level: 'editor' };
  }
}

/** The data type of a primitive: the type of its output (`any` until the creator picks one). */
export function primitiveDataType(node: Pick<EditorNode, 'output_handles'>): HandleType {
  return node.output_handles[0]?.type ?? 'any';
}

export function toCanvasNode(node: EditorNode): CanvasNode {
  const type = canvasTypeOf(node);
  return {
    id: node._id,
    type,
    position: { x: Number(node.position.x) || 0, y: Number(node.position.y) || 0 },
    data: { node },
    style: { width: node.width ?? DEFAULT_NODE_WIDTHS[type] },
    className: node.hidden ? 'opacity-50' : undefined,
  };
}

/**
 * The nodes after a reload. Once the canvas has loaded, a node the canvas already shows keeps its local
 * position (a drag may not have reached the server yet), and a node with an unsaved edit keeps its data.
 */
export function mergeServerNodes(
  local: readonly CanvasNode[],
  server: readonly EditorNode[],
  options: { keepLocalPositions: boolean; unsavedIds: ReadonlySet<string> },
): CanvasNode[] {
  const byId = new Map(local.map((node) => [node.id, node]));
  return server.map((serverNode) => {
    const next = toCanvasNode(serverNode);
    const previous = byId.get(next.id);
    if (!previous) return next;
    const data = options.unsavedIds.has(next.id)
      ? { node: { ...serverNode, ...previous.data.node, hidden: serverNode.hidden } }
      : next.data;
    return {
      ...next,
      data,
      position: options.keepLocalPositions ? previous.position : next.position,
      selected: previous.selected,
      measured: previous.measured,
    };
  });
}

/**
 * Movie input values fill movie-level input nodes that have no value of their own. A node's own value
 * is never older than the movie's (the server writes saved inputs into the nodes, and node edits are
 * saved before the movie's inputs), so it is kept when present.
 */
export function applyMovieInputs(nodes: readonly EditorNode[], inputs: readonly MovieInput[]): EditorNode[] {
  const values = new Map(inputs.map((input) => [input.node_id, input]));
  return nodes.map((node) => {
    const input = values.get(node._id);
    const applies = node.type === 'primitive' && node.level === 'movie' && input?.value !== undefined;
    if (!applies || (node.value !== null && node.value !== undefined)) return node;
    return { ...node, value: input?.value };
  });
}

/** The movie's inputs as the editor's save writes them: one per movie-level input node. */
export function movieInputsOf(nodes: readonly EditorNode[]): MovieInput[] {
  return nodes
    .filter((node) => node.type === 'primitive' && node.level === 'movie')
    .map((node) => ({
      node_id: node._id,
      type: primitiveDataType(node) === 'any' ? 'text' : primitiveDataType(node),
      name: node.name || 'Input',
      value: node.value,
    }));
}

export type CanvasEdge = Edge;

/**
 * An edge of the canvas for a saved connection, coloured by the data type of its source handle (see
 * animateEdges for which edges move).
 */
export function toCanvasEdge(connection: Connection, nodes: ReadonlyMap<string, EditorNode>): CanvasEdge {
  const source = nodes.get(connection.source_node_id);
  const handleType = source?.output_handles.find((h) => h.id === connection.source_handle_id)?.type;
  return {
    id: edgeId(connection),
    source: connection.source_node_id,
    target: connection.target_node_id,
    sourceHandle: connection.source_handle_id,
    targetHandle: connection.target_handle_id,
    style: handleType ? { stroke: HANDLE_COLORS[handleType], strokeWidth: 2 } : undefined,
  };
}

/**
 * Edges move as the spec says, all of them while a graph has at most this many: a moving dash repaints
 * its edge every frame, and the editor benchmark's graphs (200 and 1,000 edges, dragged at no less than
 * 0.9x bare React Flow, whose edges stand still) stay below this rule's reach.
 */
export const ANIMATED_EDGES_MAX = 100;

/**
 * The longest edge that moves, in canvas pixels between its nodes. A moving dash is laid along the
 * whole path every frame, wherever the view is: an edge to a node 60,000 px off held the page at 2-3
 * frames a second. Far longer than any edge of a graph laid out to be read (the template's longest is
 * about 1,500).
 */
export const ANIMATED_EDGE_MAX_LENGTH = 6_000;

type Placed = Pick<CanvasNode, 'id' | 'position'>;

/**
 * The edges that would move but are longer than ANIMATED_EDGE_MAX_LENGTH, as a key of their ids ('' for
 * none): the same string through a drag that leaves them as they are, so the drawn edges stay the same
 * array. A large graph with nothing generating has no moving edge to measure.
 */
export function stillEdgesKey(
  edges: readonly CanvasEdge[],
  nodes: readonly Placed[],
  generating: ReadonlySet<string>,
): string {
  const small = edges.length <= ANIMATED_EDGES_MAX;
  if (!small && generating.size === 0) return '';
  const candidates = small ? edges : edges.filter((edge) => generating.has(edge.target));
  if (candidates.length === 0) return '';
  const ends = new Set(candidates.flatMap((edge) => [edge.source, edge.target]));
  const at = new Map<string, Placed['position']>();
  for (const node of nodes) if (ends.has(node.id)) at.set(node.id, node.position);
  const long = candidates.filter((edge) => {
    const [a, b] = [at.get(edge.source), at.get(edge.target)];
    return a && b && Math.hypot(a.x - b.x, a.y - b.y) > ANIMATED_EDGE_MAX_LENGTH;
  });
  return long.map((edge) => edge.id).join(' ');
}

/**
 * The edges as drawn: every one animated in a graph of at most ANIMATED_EDGES_MAX edges; in a larger
 * one only those into a generating node (the same array when none is, so the canvas does not redraw its
 * edges for nothing: a moving dash on every edge repaints the whole canvas each frame). The `still`
 * ones (too long, see stillEdgesKey) never move.
 */
export function animateEdges(
  edges: readonly CanvasEdge[],
  generating: ReadonlySet<string>,
  still: ReadonlySet<string> = new Set(),
): readonly CanvasEdge[] {
  const moves = (edge: CanvasEdge) => !still.has(edge.id);
  if (edges.length <= ANIMATED_EDGES_MAX) {
    return edges.map((edge) => (moves(edge) ? { ...edge, animated: true } : edge));
  }
  if (generating.size === 0) return edges;
  return edges.map((edge) =>
    generating.has(edge.target) && moves(edge) ? { ...edge, animated: true } : edge,
  );
}

/** The connection body of an edge (for connect and disconnect). */
export function connectionOf(edge: Pick<CanvasEdge, 'source' | 'target' | 'sourceHandle' | 'targetHandle'>) {
  return {
    source_node_id: edge.source,
    target_node_id: edge.target,
    source_handle_id: edge.sourceHandle || 'output',
    target_handle_id: edge.targetHandle ?? '',
  };
}
