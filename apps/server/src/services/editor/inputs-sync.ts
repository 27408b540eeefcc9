import type { ItemInput, PrimitiveLevel } from '@cinegraph/contracts';
import type { NodeRow } from './node-rows';

/** What an item needs to know about one of the movie's input nodes. */
export interface InputSource {
  node_id: string;
  name: string;
  type: string;
  value: unknown;
  hidden: boolean;
}

/** The input nodes of one level, in the order the items list them. */
export function inputSourcesOfLevel(rows: readonly NodeRow[], level: PrimitiveLevel): InputSource[] {
  return rows
    .filter((n) => n.type === 'primitive' && n.level === level)
    .map((n) => ({
      node_id: n.id,
      name: n.name,
      type: n.outputHandles[0]?.type ?? 'any',
      value: n.value,
      hidden: n.hidden,
    }));
}

/**
 * An item's inputs brought in line with the input nodes: one entry per node, in the nodes' order, with
 * the node's name and type; an item's own value is kept unless the type changed (a text is no image),
 * a new entry starts from the node's value, and entries of deleted nodes go.
 */
export function mergeItemInputs(
  existing: readonly ItemInput[],
  sources: readonly InputSource[],
): ItemInput[] {
  const byNode = new Map(existing.map((input) => [input.node_id, input]));
  return sources.map((source) => {
    const current = byNode.get(source.node_id);
    const keepValue = current !== undefined && current.type === source.type;
    const value = keepValue ? current.value : source.value;
    return {
      node_id: source.node_id,
      name: source.name,
      type: source.type,
      ...(value !== undefined && value !== null && { value }),
      ...(source.hidden && { hidden: true }),
    };
  });
}

/** Equal as stored: jsonb reorders object keys, so keys are compared sorted. */
export function sameInputs(a: readonly ItemInput[], b: readonly ItemInput[]): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
