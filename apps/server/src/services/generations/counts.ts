import type { GenerationStatusCounts } from '@cinegraph/contracts';
import { and, count, eq, sum, type SQL } from 'drizzle-orm';
import { generations } from '../../db/schema';
import type { Db } from '../editor/node-rows';

/** A workflow node's generations by status (cancelled ones are not counted). */
export async function nodeStatusCounts(db: Db, nodeId: string): Promise<GenerationStatusCounts> {
  const rows = await db
    .select({ status: generations.status, n: count() })
    .from(generations)
    .where(eq(generations.workflowNodeId, nodeId))
    .groupBy(generations.status);
  return statusCountsOf(rows);
}

/** Counts by status from grouped rows; statuses not counted (cancelled) are left out. */
export function statusCountsOf(rows: { status: string; n: number }[]): GenerationStatusCounts {
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return {
    pending: of('pending'),
    queued: of('queued'),
    running: of('running'),
    assigned: of('assigned'),
    success: of('success'),
    failed: of('failed'),
  };
}

/** Where generations are counted for the storyboard's stats. */
export type GenerationScope = { shotId: string } | { sceneId: string };

/**
 * The storyboard's grouping of a shot's or a scene's generations: pending (pending + queued), running
 * (running + assigned), success, failed, and how many carry the new-output marker.
 */
export async function storyboardGenerationCounts(
  db: Db,
  scope: GenerationScope,
): Promise<{ pending: number; running: number; success: number; failed: number; withNewOutput: number }> {
  const where: SQL =
    'shotId' in scope ? eq(generations.shotId, scope.shotId) : eq(generations.sceneId, scope.sceneId);
  const rows = await db
    .select({ status: generations.status, newOutput: generations.newOutput, n: count() })
    .from(generations)
    .where(and(where))
    .groupBy(generations.status, generations.newOutput);
  const sum = (match: (r: (typeof rows)[number]) => boolean) =>
    rows.filter(match).reduce((total, r) => total + r.n, 0);
  return {
    pending: sum((r) => r.status === 'pending' || r.status === 'queued'),
    running: sum((r) => r.status === 'running' || r.status === 'assigned'),
    success: sum((r) => r.status === 'success'),
    failed: sum((r) => r.status === 'failed'),
    withNewOutput: sum((r) => r.newOutput),
  };
}

/**
 * A user's generations for the account page: counts grouped as the storyboard groups them (plus
 * cancelled), and GPU seconds summed from execution start to end of each take.
 */
export async function userGenerationSummary(
  db: Db,
  userId: string,
): Promise<{
  gpuSeconds: number;
  pending: number;
  running: number;
  success: number;
  failed: number;
  cancelled: number;
}> {
  const rows = await db
    .select({ status: generations.status, n: count(), gpu: sum(generations.gpuSeconds) })
    .from(generations)
    .where(eq(generations.userId, userId))
    .groupBy(generations.status);
  const of = (...statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((total, r) => total + r.n, 0);
  return {
    gpuSeconds: rows.reduce((total, r) => total + Number(r.gpu ?? 0), 0),
    pending: of('pending', 'queued'),
    running: of('running', 'assigned'),
    success: of('success'),
    failed: of('failed'),
    cancelled: of('cancelled'),
  };
}
