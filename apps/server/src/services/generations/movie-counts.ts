import type { MovieGenerationStatusCounts } from '@cinegraph/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { generations, nodes } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import { statusCountsOf } from './counts';

/**
 * Every workflow node's generations of a movie by status, in one query (cancelled ones are not counted;
 * a node without generations is absent). The canvas reads this once instead of once per node; the
 * generations are found through the movie's nodes, so the (node, status) index serves the count.
 */
export async function movieStatusCounts(db: Db, movieId: string): Promise<MovieGenerationStatusCounts> {
  const rows = await db
    .select({ nodeId: generations.workflowNodeId, status: generations.status, n: count() })
    .from(generations)
    .where(
      inArray(
        generations.workflowNodeId,
        db.select({ id: nodes.id }).from(nodes).where(eq(nodes.movieId, movieId)),
      ),
    )
    .groupBy(generations.workflowNodeId, generations.status);
  const rowsOfNode = new Map<string, typeof rows>();
  for (const row of rows) rowsOfNode.set(row.nodeId, [...(rowsOfNode.get(row.nodeId) ?? []), row]);
  return Object.fromEntries([...rowsOfNode].map(([nodeId, ofNode]) => [nodeId, statusCountsOf(ofNode)]));
}
