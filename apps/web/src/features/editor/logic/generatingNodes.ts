import type { GenerationStatusCounts } from '@cinegraph/contracts';

/**
 * The workflow nodes with a generation running (or assigned to a worker), from the movie's counts by
 * node: the edges into them move while they generate, every other edge is drawn still. The canvas
 * reads the counts once for all its nodes, so a node zoomed out of reading (drawn without its
 * footer) still moves its edges.
 */
export function generatingNodes(
  counts: Readonly<Record<string, GenerationStatusCounts>> | undefined,
): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const [nodeId, count] of Object.entries(counts ?? {})) {
    if (count.running + count.assigned > 0) ids.add(nodeId);
  }
  return ids;
}

/** The same ids as a key: a poll that changes no node's state leaves the canvas's edges as they are. */
export function generatingKey(ids: ReadonlySet<string>): string {
  return [...ids].sort().join(' ');
}

/** The ids of a key of ids joined by spaces (generatingKey's, the canvas's hidden and still edges). */
export function idsOfKey(key: string): Set<string> {
  return new Set(key.split(' ').filter(Boolean));
}
