import { connectWorker } from '../../engine/worker-connection';
import { UNFINISHED_STATUSES } from '@cinegraph/contracts';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, workers } from '../../db/schema';
import { generationEventColumns, publishGenerationEvents } from '../../engine/generation-events';

/** How long stopping a prompt on a worker may take before the cancel is reported anyway. */
const WORKER_CALL_TIMEOUT_MS = 5_000;

/**
 * Cancels the unfinished generations matching `where` in one conditional UPDATE, then removes their
 * prompts from the workers (deleted from the queue when waiting, interrupted when running). The
 * database decides: a job finishing at the same moment keeps its result, and a dispatcher that loses
 * the race sees the status changed and stops the prompt itself. Returns how many were cancelled. A
 * user's worker is reached as every other call reaches it: only at public addresses unless
 * `allowPrivateUserWorkers`, checked at the connection (its name may resolve elsewhere by now).
 */
export async function cancelGenerationsWhere(
  db: Database,
  where: SQL,
  allowPrivateUserWorkers: boolean,
): Promise<number> {
  const now = new Date();
  const unfinished = inArray(generations.status, [...UNFINISHED_STATUSES]);
  // Locked in id order, as the engine's writes lock their jobs (grouped-moves.ts, renewLeases): a
  // cancel of many jobs met in table order could hold one a move waits for while waiting for one that
  // move holds, and PostgreSQL would end the deadlock by failing one of them.
  const inIdOrder = db
    .select({ id: generations.id })
    .from(generations)
    .where(and(where, unfinished))
    .orderBy(asc(generations.id))
    .for('update');
  const cancelled = await db
    .update(generations)
    .set({ status: 'cancelled', finishedAt: now, updatedAt: now })
    .where(and(inArray(generations.id, inIdOrder), unfinished))
    .returning({ ...generationEventColumns, promptId: generations.promptId, workerId: generations.workerId });
  await publishGenerationEvents(db, cancelled, 'status');
  const onWorkers = cancelled.filter((c) => c.promptId && c.workerId);
  if (onWorkers.length > 0) {
    const rows = await db
      .select({
        id: workers.id,
        url: workers.url,
        userId: workers.userId,
        backend: workers.backend,
        apiKey: workers.apiKey,
      })
      .from(workers)
      .where(inArray(workers.id, [...new Set(onWorkers.map((c) => c.workerId!))]));
    const byId = new Map(rows.map((w) => [w.id, w]));
    await Promise.all(
      onWorkers.map(async ({ promptId, workerId }) => {
        const worker = byId.get(workerId!);
        if (!worker) return;
        const client = connectWorker(worker, { allowPrivateUserWorkers, timeoutMs: WORKER_CALL_TIMEOUT_MS });
        // A worker that is gone has nothing left to stop; the status is already final.
        await client.cancel(promptId!).catch(() => {});
      }),
    );
  }
  return cancelled.length;
}

export function cancelNodeGenerations(db: Database, nodeId: string, allowPrivate: boolean): Promise<number> {
  return cancelGenerationsWhere(db, eq(generations.workflowNodeId, nodeId), allowPrivate);
}

export function cancelGeneration(db: Database, id: string, allowPrivate: boolean): Promise<number> {
  return cancelGenerationsWhere(db, eq(generations.id, id), allowPrivate);
}
