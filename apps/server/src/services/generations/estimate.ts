import {
  CONFIRM_GPU_SHARE,
  GENERATION_MESSAGES,
  type GenerateEstimate,
  type GpuSecondsOfKind,
} from '@cinegraph/contracts';
import { and, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, shots, workers } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { requireMovieNode } from '../editor/node-rows';
import { sharedGpuSeconds, startOfMonth, storageBytes } from '../users/usage';
import { tierOf, type TierLimitTable } from '../users/tier-limits';
import { assertRunnable } from './generate';

const BYTES_PER_GB = 1e9;
/** The studio's recent finished jobs whose median stands for a job of the queue ahead. */
const RECENT_JOBS = 200;

const median = sql<number | null>`percentile_cont(0.5) within group (order by ${generations.gpuSeconds})`;
const finishedWithTime = and(eq(generations.status, 'success'), isNotNull(generations.gpuSeconds));

/**
 * What generating `numJobs` takes of each shot would cost, before anything is queued: the same checks of
 * node and shots as generating, then the workflow's history of GPU time per worker kind, the queue ahead
 * on the workers the user's jobs may run on, and what the user's tier has left this month.
 */
export async function estimateGeneration(
  db: Database,
  tierLimits: TierLimitTable,
  input: { movieId: string; nodeId: string; userId: string; shotIds: string[]; numJobs: number },
): Promise<GenerateEstimate> {
  const node = await requireMovieNode(db, input.movieId, input.nodeId);
  assertRunnable(node);
  const shotIds = [...new Set(input.shotIds)];
  const [found] = await db
    .select({ n: count() })
    .from(shots)
    .where(and(eq(shots.movieId, input.movieId), inArray(shots.id, shotIds)));
  if ((found?.n ?? 0) !== shotIds.length) throw badRequest(GENERATION_MESSAGES.shotsOutsideMovie);
  const jobs = shotIds.length * input.numJobs;

  const perKind = await workflowGpuSeconds(db, node.id);
  const [pooled] = await db
    .select({ median })
    .from(generations)
    .where(and(eq(generations.workflowNodeId, node.id), finishedWithTime));
  const perJob = pooled?.median == null ? null : Number(pooled.median);
  const queue = await queueAhead(db, input.userId);

  const limits = tierLimits[await tierOf(db, input.userId, false)];
  const monthSeconds = limits.gpu_hours_per_month * 3600;
  const gpuLeft = Math.max(0, monthSeconds - (await sharedGpuSeconds(db, input.userId, startOfMonth())));
  const expected = perJob === null ? null : perJob * jobs;
  return {
    jobs,
    gpu_seconds_per_job: perKind,
    expected_gpu_seconds: expected,
    queue_ahead: queue.ahead,
    free_slots: queue.free,
    expected_wait_seconds: queue.waitSeconds,
    gpu_hours_per_month: limits.gpu_hours_per_month,
    gpu_seconds_left: gpuLeft,
    storage_bytes_used: await storageBytes(db, input.userId, true),
    storage_bytes_limit: limits.storage_gb * BYTES_PER_GB,
    needs_confirmation: expected !== null && expected > CONFIRM_GPU_SHARE * gpuLeft,
  };
}

/** The median GPU seconds of the workflow node's finished takes, per kind of worker that ran them. */
async function workflowGpuSeconds(db: Database, nodeId: string): Promise<GpuSecondsOfKind[]> {
  const rows = await db
    .select({ kind: workers.backend, median, takes: count() })
    .from(generations)
    .innerJoin(workers, eq(workers.id, generations.workerId))
    .where(and(eq(generations.workflowNodeId, nodeId), finishedWithTime))
    .groupBy(workers.backend)
    .orderBy(workers.backend);
  return rows.map((row) => ({
    worker_kind: row.kind,
    median_seconds: Number(row.median),
    takes: row.takes,
  }));
}

/**
 * The jobs waiting ahead on the workers the user's jobs may run on (the shared pool and their own
 * healthy workers), the free job slots there, and how long until a new job starts: each round of
 * `slots` jobs ahead takes the median of the studio's recent jobs. Null with no worker connected.
 */
async function queueAhead(
  db: Database,
  userId: string,
): Promise<{ ahead: number; free: number; waitSeconds: number | null }> {
  const usable = and(eq(workers.healthy, true), or(isNull(workers.userId), eq(workers.userId, userId)));
  const [capacity] = await db
    .select({ slots: sql<string | null>`sum(${workers.capacity})` })
    .from(workers)
    .where(usable);
  const slots = Number(capacity?.slots ?? 0);
  const [busy] = await db
    .select({ n: count() })
    .from(generations)
    .innerJoin(workers, eq(workers.id, generations.workerId))
    .where(and(usable, inArray(generations.status, ['assigned', 'queued', 'running'])));
  const [pending] = await db
    .select({ n: count() })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'pending'),
        or(eq(generations.ownWorkersOnly, false), eq(generations.userId, userId)),
      ),
    );
  const ahead = pending?.n ?? 0;
  const free = Math.max(0, slots - (busy?.n ?? 0));
  if (slots === 0) return { ahead, free, waitSeconds: null };
  if (ahead < free) return { ahead, free, waitSeconds: 0 };
  const recent = db
    .select({ gpuSeconds: generations.gpuSeconds })
    .from(generations)
    .where(finishedWithTime)
    .orderBy(sql`${generations.finishedAt} desc nulls last`)
    .limit(RECENT_JOBS)
    .as('recent');
  const [typical] = await db
    .select({ median: sql<number | null>`percentile_cont(0.5) within group (order by ${recent.gpuSeconds})` })
    .from(recent);
  if (typical?.median == null) return { ahead, free, waitSeconds: null };
  const rounds = Math.ceil((ahead - free + 1) / slots);
  return { ahead, free, waitSeconds: rounds * Number(typical.median) };
}
