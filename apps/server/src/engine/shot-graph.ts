import type { HandleType, ItemInput, NodeKind, NodeLevel, UtilityKind } from '@cinegraph/contracts';

/** A node of the movie's graph as input resolution sees it. */
export interface ResolveNode {
  id: string;
  name: string;
  type: NodeKind;
  level: NodeLevel;
  value: unknown;
  utilityKind: UtilityKind | null;
  inputHandles: { id: string; name: string; type: HandleType }[];
  outputHandles: { id: string; name: string; type: HandleType }[];
}

export interface ResolveEdge {
  sourceNodeId: string;
  sourceHandleId: string;
  targetNodeId: string;
  targetHandleId: string;
}

/** A finished take of an upstream workflow node, marked use-as-input for this shot. */
export interface InputTake {
  type: 'image' | 'video' | 'audio';
  url: string;
}

/** Everything one shot's inputs are read from: the graph, the movie, its scene, characters and takes. */
export interface ShotContext {
  nodes: ReadonlyMap<string, ResolveNode>;
  edges: readonly ResolveEdge[];
  movieInputs: readonly { node_id: string; value?: unknown }[];
  scene: { inputs: readonly ItemInput[] } | null;
  shot: { description: string; inputs: readonly ItemInput[] };
  characters: readonly { name: string; inputs: readonly ItemInput[] }[];
  /** Use-as-input takes of this shot, by the workflow node that made them, oldest first. */
  takes: ReadonlyMap<string, readonly InputTake[]>;
}

/** The edge feeding one input handle of a node (an input takes at most one). */
export function edgeInto(ctx: ShotContext, nodeId: string, handleId: string): ResolveEdge | undefined {
  return ctx.edges.find((e) => e.targetNodeId === nodeId && e.targetHandleId === handleId);
}

/** The nodes directly feeding a node, for its level (`generatingNodeLevel`). */
export function sourcesOf(ctx: Pick<ShotContext, 'nodes' | 'edges'>, nodeId: string): ResolveNode[] {
  return ctx.edges
    .filter((e) => e.targetNodeId === nodeId)
    .map((e) => ctx.nodes.get(e.sourceNodeId))
    .filter((n): n is ResolveNode => n !== undefined);
}

/** Whether a resolved value counts as given: empty text, null and empty lists do not. */
export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}
