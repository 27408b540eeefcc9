import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations } from '../../db/schema';
import type { GenerationRow } from './access';

/** A shot's generations, of one workflow node or all, in their order (index, then creation). */
export async function listShotGenerations(
  db: Database,
  shotId: string,
  options: { workflowNodeId?: string; showHidden: boolean },
): Promise<GenerationRow[]> {
  const filters: SQL[] = [eq(generations.shotId, shotId)];
  if (options.workflowNodeId) filters.push(eq(generations.workflowNodeId, options.workflowNodeId));
  if (!options.showHidden) filters.push(eq(generations.hidden, false));
  return db
    .select()
    .from(generations)
    .where(and(...filters))
    .orderBy(asc(generations.workflowNodeId), asc(generations.index), asc(generations.createdAt));
}
