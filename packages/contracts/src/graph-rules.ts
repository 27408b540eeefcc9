import type { Handle, NodeKind, NodeLevel } from './editor';
import type { HandleType } from './handles';

/** The identity of an edge: source, source handle (default "output"), target and target handle. */
export function edgeId(connection: {
  source_node_id: string;
  source_handle_id?: string | null;
  target_node_id: string;
  target_handle_id?: string | null;
}): string {
  const sourceHandle = connection.source_handle_id || 'output';
  return `${connection.source_node_id}-${sourceHandle}-${connection.target_node_id}-${connection.target_handle_id ?? ''}`;
}

/** Whether a value of `source` type may flow into a handle of `target` type ('any' takes everything). */
export function handleTypesCompatible(source: HandleType, target: HandleType): boolean {
  return source === target || source === 'any' || target === 'any';
}

export interface GraphNodeLike {
  id: string;
  type: NodeKind;
  level: NodeLevel;
  output_handles: Handle[];
  input_handles: Handle[];
}

export type ConnectionCheck = { ok: true } | { ok: false; reason: string };

/** The rules every connection obeys, on the canvas and on the server. */
export function checkConnection(
  source: GraphNodeLike | undefined,
  sourceHandleId: string,
  target: GraphNodeLike | undefined,
  targetHandleId: string,
): ConnectionCheck {
  if (!source || !target) return { ok: false, reason: 'Both nodes must exist in this movie.' };
  if (source.id === target.id) return { ok: false, reason: 'A node cannot connect to itself.' };
  const out = source.output_handles.find((h) => h.id === sourceHandleId);
  if (!out) return { ok: false, reason: `The node "${source.id}" has no output "${sourceHandleId}".` };
  const into = target.input_handles.find((h) => h.id === targetHandleId);
  if (!into) return { ok: false, reason: `The node "${target.id}" has no input "${targetHandleId}".` };
  if (!handleTypesCompatible(out.type, into.type)) {
    return { ok: false, reason: `A ${out.type} output cannot connect to a ${into.type} input.` };
  }
  return { ok: true };
}

/** A generating node works per shot when any connected source is a shot-level input; otherwise per scene. */
export function generatingNodeLevel(sources: { type: NodeKind; level: NodeLevel }[]): 'shot' | 'scene' {
  return sources.some((s) => s.type === 'primitive' && s.level === 'shot') ? 'shot' : 'scene';
}

/**
 * Whether adding the edge source -> target would close a loop (the target already feeds the source),
 * which would make a workflow wait on its own output.
 */
export function wouldCreateCycle(
  edges: readonly { source_node_id: string; target_node_id: string }[],
  sourceId: string,
  targetId: string,
): boolean {
  const next = new Map<string, string[]>();
  for (const e of edges)
    next.set(e.source_node_id, [...(next.get(e.source_node_id) ?? []), e.target_node_id]);
  const seen = new Set<string>();
  const stack = [targetId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === sourceId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(next.get(id) ?? []));
  }
  return false;
}
