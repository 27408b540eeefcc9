import { UNFINISHED_STATUSES } from '@cinegraph/contracts';
import { and, count, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { assets, generations, uploads, workers } from '../../db/schema';
import type { Db } from '../editor/node-rows';

/** The first instant of the current month (UTC): monthly GPU hours count from here. */
export function startOfMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * GPU seconds the user's generations took on the shared workers since `since`; their own workers'
 * time is theirs and not counted.
 */
export async function sharedGpuSeconds(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${generations.gpuSeconds})` })
    .from(generations)
    .innerJoin(workers, eq(workers.id, generations.workerId))
    .where(and(eq(generations.userId, userId), isNull(workers.userId), gte(generations.finishedAt, since)));
  return Number(row?.total ?? 0);
}

/**
 * Bytes the user keeps in storage: uploaded files and the output files of the takes they started.
 * `withUploadsInProgress` adds the announced size of uploads not completed yet, so several uploads
 * started at once cannot together pass the limit.
 */
export async function storageBytes(db: Db, userId: string, withUploadsInProgress = false): Promise<number> {
  const [files] = await db
    .select({ total: sql<string | null>`sum(${assets.fileSize})` })
    .from(assets)
    .where(eq(assets.userId, userId));
  const [takes] = await db
    .select({ total: sql<string | null>`sum((${generations.output} ->> 'bytes')::bigint)` })
    .from(generations)
    .where(eq(generations.userId, userId));
  let total = Number(files?.total ?? 0) + Number(takes?.total ?? 0);
  if (withUploadsInProgress) {
    const [pending] = await db
      .select({ total: sql<string | null>`sum(${uploads.fileSize})` })
      .from(uploads)
      .where(eq(uploads.userId, userId));
    total += Number(pending?.total ?? 0);
  }
  return total;
}

/**
 * The user's jobs not finished yet (pending, assigned, queued or running) that may run on the shared
 * workers: those queued past the tier's limits for their own workers only are theirs to run.
 */
export async function sharedJobsInFlight(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generations)
    .where(
      and(
        eq(generations.userId, userId),
        eq(generations.ownWorkersOnly, false),
        inArray(generations.status, [...UNFINISHED_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the user has a healthy ComfyUI worker of their own (their jobs can run there, unlimited). */
export async function hasHealthyOwnWorker(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(workers)
    .where(and(eq(workers.userId, userId), eq(workers.healthy, true)));
  return (row?.n ?? 0) > 0;
}
