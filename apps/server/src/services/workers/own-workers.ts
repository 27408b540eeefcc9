import {
  MAX_OWN_WORKERS,
  normaliseWorkerUrl,
  WORKER_MESSAGES,
  type UpdateWorkerBody,
  type WorkerBackend,
} from '@cinegraph/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, workers } from '../../db/schema';
import { ON_WORKER_STATUSES } from '../../engine/claim';
import type { WorkerRow } from '../../engine/worker-row';
import { badRequest, conflict, notFound } from '../../http/errors';
import { probeWorker } from './probe-worker';
import { requirePublicWorkerHost, type HostLookup } from './worker-address';
import { sealWorkerKey } from './worker-keys';

export interface OwnWorkerRow extends WorkerRow {
  activeJobs: number;
}

export interface OwnWorkerContext {
  db: Database;
  /** USER_WORKERS_ALLOW_PRIVATE: loopback and private addresses are allowed (development, tests). */
  allowPrivate: boolean;
  lookup?: HostLookup;
}

/** The user's own workers, oldest first, with how many jobs each holds now. */
export async function listOwnWorkers(db: Database, userId: string): Promise<OwnWorkerRow[]> {
  const rows = await db
    .select()
    .from(workers)
    .where(eq(workers.userId, userId))
    .orderBy(asc(workers.createdAt));
  return withActiveJobs(db, rows);
}

/**
 * Registers a ComfyUI the user runs. The address is normalised, refused when it points into a private
 * network or is taken (by anyone: which user has it is nobody else's business), then asked for its
 * `/system_stats`; the answer marks the worker healthy at once, so it takes jobs before the pool's next
 * health check.
 */
export async function addOwnWorker(
  ctx: OwnWorkerContext,
  userId: string,
  body: { url: string; label: string; capacity: number; backend: WorkerBackend; api_key: string },
): Promise<OwnWorkerRow> {
  const normalised = normaliseWorkerUrl(body.url);
  if ('error' in normalised) throw badRequest(normalised.error);
  const { url } = normalised;
  if (!ctx.allowPrivate) await requirePublicWorkerHost(url, ctx.lookup);
  const [taken] = await ctx.db.select({ id: workers.id }).from(workers).where(eq(workers.url, url));
  if (taken) throw conflict(WORKER_MESSAGES.urlTaken);
  const [owned] = await ctx.db.select({ n: count() }).from(workers).where(eq(workers.userId, userId));
  if ((owned?.n ?? 0) >= MAX_OWN_WORKERS) throw conflict(WORKER_MESSAGES.tooMany);
  const apiKey = body.api_key ? sealWorkerKey(body.api_key) : null;
  const health = await probeWorker({ url, userId, backend: body.backend, apiKey }, ctx.allowPrivate);
  const [row] = await ctx.db
    .insert(workers)
    .values({
      url,
      label: body.label || new URL(url).host,
      userId,
      capacity: body.capacity,
      healthy: true,
      lastSeenAt: new Date(),
      comfyuiVersion: health.version,
      backend: body.backend,
      apiKey,
      queueDepth: health.queueDepth,
      coldStarts: health.coldStarts,
      // Only a ComfyUI server has an editor to embed.
      servesEditor: body.backend === 'comfyui',
    })
    // Someone registered the same address while this one was being checked.
    .onConflictDoNothing({ target: workers.url })
    .returning();
  if (!row) throw conflict(WORKER_MESSAGES.urlTaken);
  return { ...row, activeJobs: 0 };
}

export async function updateOwnWorker(
  db: Database,
  userId: string,
  workerId: string,
  changes: Pick<UpdateWorkerBody, 'label' | 'capacity'>,
): Promise<OwnWorkerRow> {
  const [current] = await db.select().from(workers).where(ownedBy(userId, workerId));
  if (!current) throw notFound(WORKER_MESSAGES.notFound);
  const label = changes.label === undefined ? undefined : changes.label || new URL(current.url).host;
  const [row] = await db
    .update(workers)
    .set({ label, capacity: changes.capacity, updatedAt: new Date() })
    .where(ownedBy(userId, workerId))
    .returning();
  if (!row) throw notFound(WORKER_MESSAGES.notFound);
  const [presented] = await withActiveJobs(db, [row]);
  return presented!;
}

/**
 * Removes one of the user's workers, refused while it holds jobs: their prompts are executing on that
 * ComfyUI, and sending them back to the queue would run them a second time elsewhere. The worker row is
 * locked first, as the dispatcher's claim locks it, so no job is claimed for it between the count and
 * the delete.
 */
export async function removeOwnWorker(db: Database, userId: string, workerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: workers.id })
      .from(workers)
      .where(ownedBy(userId, workerId))
      .for('update');
    if (!row) throw notFound(WORKER_MESSAGES.notFound);
    const [held] = await tx
      .select({ n: count() })
      .from(generations)
      .where(and(eq(generations.workerId, workerId), inArray(generations.status, [...ON_WORKER_STATUSES])));
    if (held && held.n > 0) throw conflict(WORKER_MESSAGES.busy(held.n));
    await tx.delete(workers).where(eq(workers.id, workerId));
  });
}

function ownedBy(userId: string, workerId: string) {
  return and(eq(workers.id, workerId), eq(workers.userId, userId));
}

async function withActiveJobs(db: Database, rows: WorkerRow[]): Promise<OwnWorkerRow[]> {
  if (rows.length === 0) return [];
  const load = await db
    .select({ workerId: generations.workerId, n: count() })
    .from(generations)
    .where(
      and(
        inArray(
          generations.workerId,
          rows.map((r) => r.id),
        ),
        inArray(generations.status, [...ON_WORKER_STATUSES]),
      ),
    )
    .groupBy(generations.workerId);
  return rows.map((row) => ({ ...row, activeJobs: load.find((l) => l.workerId === row.id)?.n ?? 0 }));
}
