import { UNFINISHED_STATUSES } from '@cinegraph/contracts';
import { and, asc, count, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations, workers } from '../db/schema';
import type { GenerationRow } from '../services/generations/access';
import { publishGenerationEvents } from './generation-events';
import type { WorkerRow } from './worker-pool';

/** Jobs a worker holds: claimed for it, queued on it or running on it. */
export const ON_WORKER_STATUSES = ['assigned', 'queued', 'running'] as const;

/**
 * Claims the oldest pending generation for a healthy worker with free capacity, in one transaction:
 * the job row is taken with `FOR UPDATE SKIP LOCKED` (another dispatcher skips it, never waits for it),
 * the candidate workers are locked the same way so two dispatchers cannot both fill a worker's last
 * slot, and the job moves pending -> assigned by a conditional UPDATE. Null when there is nothing to
 * claim or no worker is free.
 */
export async function claimPendingGeneration(
  db: Database,
): Promise<{ job: GenerationRow; worker: WorkerRow } | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(generations)
      .where(eq(generations.status, 'pending'))
      .orderBy(asc(generations.createdAt), asc(generations.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return null;
    // A user's own workers serve only that user; the shared pool serves everybody.
    const mayServe = job.userId
      ? or(isNull(workers.userId), eq(workers.userId, job.userId))
      : isNull(workers.userId);
    const candidates = await tx
      .select()
      .from(workers)
      .where(and(eq(workers.healthy, true), mayServe))
      .orderBy(asc(workers.createdAt))
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return null;
    const load = await tx
      .select({ workerId: generations.workerId, n: count() })
      .from(generations)
      .where(
        and(
          inArray(generations.status, [...ON_WORKER_STATUSES]),
          inArray(
            generations.workerId,
            candidates.map((w) => w.id),
          ),
        ),
      )
      .groupBy(generations.workerId);
    const busy = (w: WorkerRow) => load.find((l) => l.workerId === w.id)?.n ?? 0;
    const worker = candidates
      .filter((w) => busy(w) < w.capacity)
      .sort((a, b) => busy(a) / a.capacity - busy(b) / b.capacity)[0];
    if (!worker) return null;
    const [assigned] = await tx
      .update(generations)
      .set({
        status: 'assigned',
        workerId: worker.id,
        attempts: sql`${generations.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(generations.id, job.id), eq(generations.status, 'pending')))
      .returning();
    if (!assigned) return null;
    // Announced when the claim commits, never for a claim that rolls back.
    await publishGenerationEvents(tx, [assigned], 'status');
    return { job: assigned, worker };
  });
}

/**
 * Takes over unfinished jobs whose tracker stopped renewing them (a crashed or restarted server):
 * each is adopted by one conditional UPDATE on its stale `updated_at`, so only one dispatcher wins.
 */
export async function adoptStaleGenerations(
  db: Database,
  staleMs: number,
  skipIds: readonly string[],
  limit = 20,
): Promise<GenerationRow[]> {
  const cutoff = new Date(Date.now() - staleMs);
  const stale = await db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        inArray(generations.status, [...ON_WORKER_STATUSES]),
        lt(generations.updatedAt, cutoff),
        skipIds.length > 0 ? notInArray(generations.id, [...skipIds]) : undefined,
      ),
    )
    .orderBy(asc(generations.updatedAt))
    .limit(limit);
  const adopted: GenerationRow[] = [];
  for (const { id } of stale) {
    const [row] = await db
      .update(generations)
      .set({ updatedAt: new Date() })
      .where(
        and(
          eq(generations.id, id),
          inArray(generations.status, [...ON_WORKER_STATUSES]),
          lt(generations.updatedAt, cutoff),
        ),
      )
      .returning();
    if (row) adopted.push(row);
  }
  return adopted;
}

/** Renews the lease of the jobs this dispatcher follows. */
export async function renewLeases(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(generations)
    .set({ updatedAt: new Date() })
    .where(and(inArray(generations.id, [...ids]), inArray(generations.status, [...UNFINISHED_STATUSES])));
}
