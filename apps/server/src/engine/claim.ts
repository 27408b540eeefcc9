import { randomUUID } from 'node:crypto';
import { UNFINISHED_STATUSES } from '@cinegraph/contracts';
import { and, asc, eq, getTableColumns, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inRawTransaction, onceMoreIfDeadlocked, rawColumns } from '../db/raw-statements';
import { generations, nodes, workers } from '../db/schema';
import type { NodeRow } from '../services/editor/node-rows';
import type { GenerationRow } from '../services/generations/access';
import { notifyMoved } from './generation-events';
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
   * Jobs whose run has ended on their worker while this dispatcher still stores their outputs: their
   * slots are free for the next jobs already, which the database does not know until their moves are
   * written. Left out of each worker's count by id, so the count is right whether or not a job's move
   * is written by the time the claim reads the workers.
   */
  ended?: readonly string[];
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
  { clientIdOf = () => undefined, ended = [] }: ClaimContext = {},
): Promise<ClaimRound> {
  return inRawTransaction(db, async (run) => {
    // Each worker with the number of jobs it holds, in the statement that locks it.
    const rows = await run<Record<string, unknown> & { busy: number }>('claim_workers', WORKERS_STATEMENT, [
      ended,
    ]);
    const none = { claims: [], idleSlots: 0 };
    if (rows.length === 0) return none;
    const candidates = rows.map(WORKER.read);
    const busy = new Map(candidates.map((w, i) => [w.id, rows[i]!.busy]));
    const freeSlots = candidates.reduce((sum, w) => sum + Math.max(0, w.capacity - busy.get(w.id)!), 0);
    if (freeSlots === 0) return none;
    const free = candidates.filter((w) => busy.get(w.id)! < w.capacity);
    const known = await classSets(
      run,
      free.map((w) => w.nodeClassesDigest),
    );
    const queue = oldestPending(Math.min(freeSlots, limit), servingGroups(free));
    const pending = (await run<Record<string, unknown>>(queue.name, queue.text, queue.values)).map(
      GENERATION.read,
    );
    const chosen = new Map<string, WorkerRow>();
    for (const job of pending) {
      const worker = leastLoaded(candidates, busy, known, job);
      if (!worker) continue;
      busy.set(worker.id, busy.get(worker.id)! + 1);
      chosen.set(job.id, worker);
    }
    const idleSlots = freeSlots - chosen.size;
    if (chosen.size === 0) return { claims: [], idleSlots };
    // A prompt id is recorded only with the client id it goes with: 0.3.18 is searched by both.
    const input = [...chosen].map(([id, worker]) => {
      const clientId = clientIdOf(worker) ?? null;
      return {
        id,
        worker_id: worker.id,
        prompt_id: clientId ? randomUUID() : null,
        comfy_client_id: clientId,
      };
    });
    const claimed = await run<Record<string, unknown>>('claim_assign', ASSIGN_STATEMENT, [
      JSON.stringify(input),
      new Date().toISOString(),
    ]);
    const byId = new Map(claimed.map((row) => [row.id as string, row]));
    // In queue order, oldest first, as the jobs were taken.
    const claims = pending.flatMap((job) => {
      const row = byId.get(job.id);
      if (!row) return [];
      const node = row['node.id'] === null ? null : NODE.read(row);
      return [{ job: GENERATION.read(row), worker: chosen.get(job.id)!, node }];
    });
    return { claims, idleSlots };
  });
}

/**
 * Makes the claim's transaction read the queue through `generations_claim_idx` in its order, never
 * collect every pending job to sort it. Without fresh statistics (PGlite has no autovacuum to gather
 * them; PostgreSQL gathers them a minute or more after a batch is queued) the planner takes the queue
 * for a few rows and sorts it: every pending job is then read and checked against the workers' class
 * lists at each claim (one claim at 2,000 pending jobs: 356 ms on PGlite, 117 ms on PostgreSQL).
 */
const QUEUE_IN_ORDER = `set_config('enable_sort', 'off', true)`;

/** The claim's statements read and return whole rows, as Drizzle's select would (see rawColumns). */
const GENERATION = rawColumns<GenerationRow>(getTableColumns(generations), 'g');
const MOVED = rawColumns<GenerationRow>(getTableColumns(generations), 'moved');
const NODE = rawColumns<NodeRow>(getTableColumns(nodes), 'n', 'node.');
/** Every column of a worker but its class list, which the claim reads once per digest (worker-classes.ts). */
const { nodeClasses: _classList, ...workerColumns } = getTableColumns(workers);
const WORKER = rawColumns<WorkerRow>(workerColumns, 'w');

/**
 * The healthy workers, locked `FOR UPDATE SKIP LOCKED`, each with the number of jobs it holds; the
 * statement also makes the QUEUE_IN_ORDER setting, one round trip fewer per claim.
 */
const WORKERS_STATEMENT = `
  select ${WORKER.list},
    (select count(*)::int from generations g where g.worker_id = w.id
      and g.status in (${ON_WORKER_STATUSES.map((status) => `'${status}'`).join(', ')})
      and g.id <> all($1::uuid[])) as busy,
    ${QUEUE_IN_ORDER} as queue_in_order
  from workers w where w.healthy order by w.created_at for update of w skip locked`;

/**
 * The chosen jobs move pending -> assigned by one conditional UPDATE, each to its worker with the
 * prompt id it will be submitted with when its worker's client id is known; the statement announces
 * each move (when the claim commits, never for a claim that rolls back) and reads each job's workflow
 * node: two round trips fewer per claim.
 */
const ASSIGN_STATEMENT = `
  with input as (
    select * from json_to_recordset($1::json) as i(id uuid, worker_id uuid, prompt_id text, comfy_client_id text)
  ), moved as (
    update generations g set status = 'assigned', worker_id = i.worker_id, prompt_id = i.prompt_id,
      comfy_client_id = i.comfy_client_id, attempts = g.attempts + 1,
      -- A reason it waited (see waiting-jobs.ts) no longer holds.
      warning = null, updated_at = $2::timestamptz
    from input i where g.id = i.id and g.status = 'pending'
    returning g.*
  )
  select ${MOVED.list}, ${NODE.list}, ${notifyMoved('status')} as announced
  from moved left join nodes n on n.id = moved.workflow_node_id`;

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
 * subquery PostgreSQL runs once per statement, not once per job. The text depends only on the kinds of
 * the groups (usually one: a pool of identical shared workers), so it is prepared once per kind.
 */
export function oldestPending(n: number, servable?: readonly ServingGroup[]) {
  const values: unknown[] = [n];
  const param = (value: unknown) => `$${values.push(value)}::uuid`;
  const mayRun = servable?.map((group) => {
    const owner = group.userId === null ? 'g.own_workers_only = false' : `g.user_id = ${param(group.userId)}`;
    if (group.classesOf === null) return owner;
    const known = `(select w.node_classes from workers w where w.id = ${param(group.classesOf)})`;
    // The fast path: a job whose workflow was never read needs no particular class.
    return `${owner} and (cardinality(g.required_classes) = 0 or g.required_classes <@ ${known})`;
  });
  const servableOnly = mayRun ? ` and (${mayRun.map((c) => `(${c})`).join(' or ') || 'false'})` : '';
  const kinds = servable?.map((g) => (g.userId === null ? 's' : 'u') + (g.classesOf === null ? '' : 'c'));
  return {
    // Named (prepared) for the few kinds of groups a studio has; a rare claim of many goes unnamed.
    name:
      kinds === undefined ? null : kinds.length <= 4 ? `claim_pending_${kinds.join('_') || 'none'}` : null,
    text: `select ${GENERATION.list} from generations g where g.status = 'pending'${servableOnly}
      order by g.created_at, g.id limit $1 for update of g skip locked`,
    values,
  };
}

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
