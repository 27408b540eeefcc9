import { randomUUID } from 'node:crypto';
import { UNFINISHED_STATUSES } from '@cinegraph/contracts';
import { and, asc, eq, getTableColumns, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { onceMoreIfDeadlocked } from '../db/raw-statements';
import { generations, nodes, workers } from '../db/schema';
import type { NodeRow } from '../services/editor/node-rows';
import type { GenerationRow } from '../services/generations/access';
import { announceMoved } from './generation-events';
import { classSets, missingClasses } from './worker-classes';
import type { WorkerRow } from './worker-row';

/** Jobs a worker holds: claimed for it, queued on it or running on it. */
export const ON_WORKER_STATUSES = ['assigned', 'queued', 'running'] as const;

export interface Claim {
  job: GenerationRow;
  worker: WorkerRow;
  /** The job's workflow node as the claim found it; null when it was deleted meanwhile. */
  node: NodeRow | null;
}

/**
 * The client id this dispatcher submits to a worker with, when it has a client for it already: the claim
 * then records the job's prompt id and client id itself (see startJob), one statement fewer per job.
 */
export type ClientIdOf = (worker: WorkerRow) => string | undefined;

/** What the dispatcher knows beyond the database when it claims. */
export interface ClaimContext {
  clientIdOf?: ClientIdOf;
  /**
   * Jobs of the worker whose run has ended there while this dispatcher still stores their outputs: their
   * slot is free for the next job already (the database counts them until their move is written).
   */
  endedOn?: (worker: WorkerRow) => number;
}

/**
 * Claims the oldest pending generations for healthy workers with free capacity, in one transaction and
 * a fixed number of statements however many jobs it takes (at most `limit`):
 * - the healthy workers are locked `FOR UPDATE SKIP LOCKED`, so two dispatchers never both fill a
 *   worker's last slot (the second one skips the locked workers and claims nothing this time);
 * - the oldest pending jobs, as many as there are free slots, are locked the same way through the
 *   `generations_claim_idx` index scan (no sort of the whole queue);
 * - each job goes to the least loaded worker that may serve it (a user's own workers serve only that
 *   user, the shared pool everybody), and all move pending -> assigned by one conditional UPDATE, which
 *   also records the prompt id each will be submitted with when its worker's client id is known, and
 *   in the same statement announces each move and reads each job's workflow node.
 * Jobs no free worker may serve stay pending.
 */
export async function claimPendingGenerations(
  db: Database,
  limit: number,
  context?: ClaimContext,
): Promise<Claim[]> {
  return (await claimForFreeSlots(db, limit, context)).claims;
}

/** A claim, and how many free slots it left empty (no job pending that those workers may run). */
export interface ClaimRound {
  claims: Claim[];
  idleSlots: number;
}

export async function claimForFreeSlots(
  db: Database,
  limit: number,
  { clientIdOf = () => undefined, endedOn = () => 0 }: ClaimContext = {},
): Promise<ClaimRound> {
  return db.transaction(async (tx) => {
    // Each worker with the number of jobs it holds, in the statement that locks it.
    const rows = await tx
      .select({
        worker: workerColumns,
        // Spelled out: Drizzle leaves table names off the columns of a one-table select.
        busy: sql<number>`(select count(*)::int from generations g where g.worker_id = workers.id
          and g.status in (${sql.join(
            ON_WORKER_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )}))`,
        // walkQueueInOrder's setting, made by this first statement: one round trip fewer per claim.
        queueInOrder: QUEUE_IN_ORDER,
      })
      .from(workers)
      .where(eq(workers.healthy, true))
      .orderBy(asc(workers.createdAt))
      .for('update', { of: workers, skipLocked: true });
    const none = { claims: [], idleSlots: 0 };
    if (rows.length === 0) return none;
    const candidates = rows.map((r) => r.worker);
    const busy = new Map(rows.map((r) => [r.worker.id, Math.max(0, Number(r.busy) - endedOn(r.worker))]));
    const freeSlots = candidates.reduce((sum, w) => sum + Math.max(0, w.capacity - busy.get(w.id)!), 0);
    if (freeSlots === 0) return none;
    const free = candidates.filter((w) => busy.get(w.id)! < w.capacity);
    const known = await classSets(
      tx,
      free.map((w) => w.nodeClassesDigest),
    );
    const pending = await oldestPending(tx, Math.min(freeSlots, limit), servingGroups(free));
    const chosen = new Map<string, WorkerRow>();
    for (const job of pending) {
      const worker = leastLoaded(candidates, busy, known, job);
      if (!worker) continue;
      busy.set(worker.id, busy.get(worker.id)! + 1);
      chosen.set(job.id, worker);
    }
    const idleSlots = freeSlots - chosen.size;
    if (chosen.size === 0) return { claims: [], idleSlots };
    const byJob = (value: (worker: WorkerRow) => SQL) =>
      sql`case ${generations.id} ${sql.join(
        [...chosen].map(([jobId, worker]) => sql`when ${jobId}::uuid then ${value(worker)}`),
        sql` `,
      )} end`;
    // A prompt id is recorded only with the client id it goes with: 0.3.18 is searched by both.
    const promptIdFor = (worker: WorkerRow) => (clientIdOf(worker) ? randomUUID() : null);
    const assigned = tx
      .update(generations)
      .set({
        status: 'assigned',
        workerId: byJob((worker) => sql`${worker.id}::uuid`),
        promptId: byJob((worker) => sql`${promptIdFor(worker)}::text`),
        comfyClientId: byJob((worker) => sql`${clientIdOf(worker) ?? null}::text`),
        attempts: sql`${generations.attempts} + 1`,
        // A reason it waited (see waiting-jobs.ts) no longer holds.
        warning: null,
        updatedAt: new Date(),
      })
      .where(and(inArray(generations.id, [...chosen.keys()]), eq(generations.status, 'pending')))
      .returning();
    // The moved jobs, each announced (when the claim commits, never for a claim that rolls back) and
    // read with its workflow node, in the statement that moves them: two round trips fewer per claim.
    const moved = tx.$with('moved', generationColumns).as(assigned.getSQL());
    const claimed = await tx
      .with(moved)
      .select({ job: columnsOf(moved), node: nodes, announced: announceMoved(moved, 'status') })
      .from(moved)
      .leftJoin(nodes, eq(nodes.id, moved.workflowNodeId));
    const byId = new Map(claimed.map((row) => [row.job.id, row]));
    // In queue order, oldest first, as the jobs were taken.
    const claims = pending.flatMap((job) => {
      const row = byId.get(job.id);
      if (!row) return [];
      return [{ job: row.job, worker: chosen.get(job.id)!, node: row.node }];
    });
    return { claims, idleSlots };
  });
}

const generationColumns = getTableColumns(generations);

/** A CTE's columns as a selection (Drizzle selects a CTE itself only as one value). */
function columnsOf<Cte extends Record<keyof typeof generationColumns, unknown>>(cte: Cte) {
  const keys = Object.keys(generationColumns) as (keyof typeof generationColumns)[];
  return Object.fromEntries(keys.map((key) => [key, cte[key]])) as Pick<Cte, keyof typeof generationColumns>;
}

/** Every column of a worker but its class list, which the claim reads once per digest (worker-classes.ts). */
const { nodeClasses: _classList, ...workerColumns } = getTableColumns(workers);

/**
 * Workers alike for the claim: whose jobs they may run (the shared pool or one user's) and which node
 * classes they know (by digest; null when unknown, taken as knowing all). Usually one group: a pool of
 * identical shared workers.
 */
export interface ServingGroup {
  userId: string | null;
  /** A worker of the group whose recorded classes the job's must be among; null: no check. */
  classesOf: string | null;
}

export function servingGroups(
  free: readonly Pick<WorkerRow, 'id' | 'userId' | 'nodeClassesDigest'>[],
): ServingGroup[] {
  const groups = new Map<string, ServingGroup>();
  for (const w of free) {
    const key = `${w.userId}|${w.nodeClassesDigest}`;
    if (!groups.has(key)) groups.set(key, { userId: w.userId, classesOf: w.nodeClassesDigest && w.id });
  }
  return [...groups.values()];
}

/**
 * The oldest pending jobs, locked; an index scan of `generations_claim_idx` (see claim.test.ts).
 * `servable`: only jobs some free worker may run (a shared one unless the job is for its user's own
 * workers only, or one of the job's user's own) and whose node classes it knows, so jobs waiting for
 * another worker do not hold the free slots from everybody else. A group's class list is read by a
 * subquery PostgreSQL runs once per statement, not once per job.
 */
export function oldestPending(db: Database, n: number, servable?: readonly ServingGroup[]) {
  const mayRun = servable ? (or(...servable.map(groupMayRun)) ?? sql`false`) : undefined;
  return db
    .select()
    .from(generations)
    .where(and(eq(generations.status, 'pending'), mayRun))
    .orderBy(asc(generations.createdAt), asc(generations.id))
    .limit(n)
    .for('update', { skipLocked: true });
}

/**
 * Makes the claim's transaction read the queue through `generations_claim_idx` in its order, never
 * collect every pending job to sort it. Without fresh statistics (PGlite has no autovacuum to gather
 * them; PostgreSQL gathers them a minute or more after a batch is queued) the planner takes the queue
 * for a few rows and sorts it: every pending job is then read and checked against the workers' class
 * lists at each claim (one claim at 2,000 pending jobs: 356 ms on PGlite, 117 ms on PostgreSQL).
 */
export async function walkQueueInOrder(tx: Database): Promise<void> {
  await tx.execute(sql`select ${QUEUE_IN_ORDER}`);
}

/** The setting of `walkQueueInOrder`, local to the transaction; the claim reads it with its workers. */
const QUEUE_IN_ORDER = sql<string>`set_config('enable_sort', 'off', true)`;

/** Jobs the group's workers may run by whose they are: the shared pool's, or one user's own. */
export function ownerMayRun(group: ServingGroup): SQL {
  return group.userId === null ? eq(generations.ownWorkersOnly, false) : eq(generations.userId, group.userId);
}

/** Jobs the group's workers may run: by whose they are, and by the node classes they need. */
export function groupMayRun(group: ServingGroup): SQL | undefined {
  const owner = ownerMayRun(group);
  if (group.classesOf === null) return owner;
  const known = sql`(select w.node_classes from workers w where w.id = ${group.classesOf}::uuid)`;
  // The fast path: a job whose workflow was never read needs no particular class.
  const knows = sql`(cardinality(${generations.requiredClasses}) = 0 or ${generations.requiredClasses} <@ ${known})`;
  return and(owner, knows);
}

/** The claim of a single job (tests and benchmarks of one claim at a time). */
export async function claimPendingGeneration(db: Database): Promise<Claim | null> {
  const [claim] = await claimPendingGenerations(db, 1);
  return claim ?? null;
}

/**
 * The free worker with the lowest share of its capacity in use that may run the job: the shared pool
 * (unless the job was queued past its user's tier limits) or the job's user's own workers, among
 * those that know every node class the job needs.
 */
function leastLoaded(
  candidates: readonly WorkerRow[],
  busy: ReadonlyMap<string, number>,
  known: ReadonlyMap<string, ReadonlySet<string>>,
  job: { userId: string | null; ownWorkersOnly: boolean; requiredClasses: string[] },
): WorkerRow | undefined {
  let best: WorkerRow | undefined;
  let bestShare = Infinity;
  for (const w of candidates) {
    if (w.userId === null ? job.ownWorkersOnly : w.userId !== job.userId) continue;
    const used = busy.get(w.id)!;
    if (used >= w.capacity) continue;
    const classes = w.nodeClassesDigest === null ? null : known.get(w.nodeClassesDigest);
    if (missingClasses(classes, job.requiredClasses).length > 0) continue;
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

/**
 * Renews the lease of the jobs this dispatcher follows. The rows are locked in id order, as the grouped
 * moves lock theirs (see grouped-moves.ts): two statements over the same jobs never wait for each other
 * in a circle.
 */
export async function renewLeases(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const inIdOrder = db
    .select({ id: generations.id })
    .from(generations)
    .where(and(inArray(generations.id, [...ids]), inArray(generations.status, [...UNFINISHED_STATUSES])))
    .orderBy(asc(generations.id))
    .for('update');
  await onceMoreIfDeadlocked(() =>
    db.update(generations).set({ updatedAt: new Date() }).where(inArray(generations.id, inIdOrder)),
  );
}
