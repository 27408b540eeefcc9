import { UNFINISHED_STATUSES } from '@cinegraph/contracts';
import { and, asc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations, workers } from '../db/schema';
import type { GenerationRow } from '../services/generations/access';
import { publishGenerationEvents } from './generation-events';
import type { WorkerRow } from './worker-pool';

/** Jobs a worker holds: claimed for it, queued on it or running on it. */
export const ON_WORKER_STATUSES = ['assigned', 'queued', 'running'] as const;

export interface Claim {
  job: GenerationRow;
  worker: WorkerRow;
}

/**
 * Claims the oldest pending generations for healthy workers with free capacity, in one transaction and
 * a fixed number of statements however many jobs it takes (at most `limit`):
 * - the healthy workers are locked `FOR UPDATE SKIP LOCKED`, so two dispatchers never both fill a
 *   worker's last slot (the second one skips the locked workers and claims nothing this time);
 * - the oldest pending jobs, as many as there are free slots, are locked the same way through the
 *   `generations_claim_idx` index scan (no sort of the whole queue);
 * - each job goes to the least loaded worker that may serve it (a user's own workers serve only that
 *   user, the shared pool everybody), and all move pending -> assigned by one conditional UPDATE.
 * Jobs no free worker may serve stay pending.
 */
export async function claimPendingGenerations(db: Database, limit: number): Promise<Claim[]> {
  return db.transaction(async (tx) => {
    // Each worker with the number of jobs it holds, in the statement that locks it.
    const rows = await tx
      .select({
        worker: workers,
        // Spelled out: Drizzle leaves table names off the columns of a one-table select.
        busy: sql<number>`(select count(*)::int from generations g where g.worker_id = workers.id
          and g.status in (${sql.join(
            ON_WORKER_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )}))`,
      })
      .from(workers)
      .where(eq(workers.healthy, true))
      .orderBy(asc(workers.createdAt))
      .for('update', { of: workers, skipLocked: true });
    if (rows.length === 0) return [];
    const candidates = rows.map((r) => r.worker);
    const busy = new Map(rows.map((r) => [r.worker.id, Number(r.busy)]));
    const freeSlots = candidates.reduce((sum, w) => sum + Math.max(0, w.capacity - busy.get(w.id)!), 0);
    if (freeSlots === 0) return [];
    const free = candidates.filter((w) => busy.get(w.id)! < w.capacity);
    const pending = await oldestPending(tx, Math.min(freeSlots, limit), {
      sharedPool: free.some((w) => w.userId === null),
      ownersOf: [...new Set(free.flatMap((w) => (w.userId ? [w.userId] : [])))],
    });
    const chosen = new Map<string, WorkerRow>();
    for (const job of pending) {
      const worker = leastLoaded(candidates, busy, job);
      if (!worker) continue;
      busy.set(worker.id, busy.get(worker.id)! + 1);
      chosen.set(job.id, worker);
    }
    if (chosen.size === 0) return [];
    const workerOfJob = sql.join(
      [...chosen].map(([jobId, worker]) => sql`when ${jobId}::uuid then ${worker.id}::uuid`),
      sql` `,
    );
    const assigned = await tx
      .update(generations)
      .set({
        status: 'assigned',
        workerId: sql`case ${generations.id} ${workerOfJob} end`,
        attempts: sql`${generations.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(and(inArray(generations.id, [...chosen.keys()]), eq(generations.status, 'pending')))
      .returning();
    // Announced when the claim commits, never for a claim that rolls back.
    await publishGenerationEvents(tx, assigned, 'status');
    const byId = new Map(assigned.map((row) => [row.id, row]));
    // In queue order, oldest first, as the jobs were taken.
    return pending.flatMap((job) => {
      const row = byId.get(job.id);
      return row ? [{ job: row, worker: chosen.get(job.id)! }] : [];
    });
  });
}

/**
 * The oldest pending jobs, locked; an index scan of `generations_claim_idx` (see claim.test.ts).
 * `servable`: only jobs a free worker may run (a free shared one, or a free own worker of the job's
 * user), so jobs waiting for their user's busy worker do not hold the free slots from everybody else.
 */
export function oldestPending(
  db: Database,
  n: number,
  servable?: { sharedPool: boolean; ownersOf: string[] },
) {
  const mayRun = servable
    ? or(
        servable.sharedPool ? eq(generations.ownWorkersOnly, false) : undefined,
        servable.ownersOf.length > 0 ? inArray(generations.userId, servable.ownersOf) : undefined,
      )
    : undefined;
  return db
    .select()
    .from(generations)
    .where(and(eq(generations.status, 'pending'), mayRun))
    .orderBy(asc(generations.createdAt), asc(generations.id))
    .limit(n)
    .for('update', { skipLocked: true });
}

/** The claim of a single job (tests and benchmarks of one claim at a time). */
export async function claimPendingGeneration(db: Database): Promise<Claim | null> {
  const [claim] = await claimPendingGenerations(db, 1);
  return claim ?? null;
}

/**
 * The free worker with the lowest share of its capacity in use that may run the job: the shared pool
 * (unless the job was queued past its user's tier limits) or the job's user's own workers.
 */
function leastLoaded(
  candidates: readonly WorkerRow[],
  busy: ReadonlyMap<string, number>,
  job: { userId: string | null; ownWorkersOnly: boolean },
): WorkerRow | undefined {
  let best: WorkerRow | undefined;
  let bestShare = Infinity;
  for (const w of candidates) {
    if (w.userId === null ? job.ownWorkersOnly : w.userId !== job.userId) continue;
    const used = busy.get(w.id)!;
    if (used >= w.capacity) continue;
    if (used / w.capacity < bestShare) [best, bestShare] = [w, used / w.capacity];
  }
  return best;
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
