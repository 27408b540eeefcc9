import { CUT_MESSAGES, RenderCutBody, type CutRender, type ExportFrameRate } from '@cinegraph/contracts';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { cutRenders } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import type { Storage } from '../../storage/storage';

export type CutRenderRow = typeof cutRenders.$inferSelect;

/** How long a claimed render stays its server's without a sign of life (progress renews it). */
export const RENDER_LEASE_SECONDS = 30;
/** A render started this often without finishing (each time cut off) is given up. */
export const MAX_RENDER_ATTEMPTS = 3;
const DOWNLOAD_LINK_SECONDS = 3600;

const unfinished = (now: Date = new Date()) =>
  or(eq(cutRenders.status, 'pending'), and(eq(cutRenders.status, 'running'), lt(cutRenders.leaseUntil, now)));

/** The user's render of the movie as the API shows it; `unavailable` says why this server cannot render. */
export async function presentRender(
  storage: Storage,
  row: CutRenderRow | undefined,
  unavailable: string | null,
  downloadName: string,
): Promise<CutRender> {
  const done = row?.status === 'success' && row.storageKey;
  return {
    status: row?.status ?? null,
    progress: row?.progress ?? 0,
    error: row?.error ?? null,
    download_url: done
      ? await storage.presignGet(row.storageKey!, { expiresInSeconds: DOWNLOAD_LINK_SECONDS, downloadName })
      : null,
    frame_rate: (row?.frameRate as ExportFrameRate | undefined) ?? null,
    resolution: row?.resolution ?? null,
    seconds: row?.seconds ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
    unavailable,
  };
}

export async function findRender(
  db: Database,
  movieId: string,
  userId: string,
): Promise<CutRenderRow | undefined> {
  const [row] = await db
    .select()
    .from(cutRenders)
    .where(and(eq(cutRenders.movieId, movieId), eq(cutRenders.userId, userId)));
  return row;
}

/**
 * Queues a render of the movie's cut for the user, replacing their previous one (its file is removed);
 * 409 while one of theirs is still being made. 503 when this server has no ffmpeg.
 */
export async function requestRender(
  db: Database,
  storage: Storage,
  input: { movieId: string; userId: string; body: z.output<typeof RenderCutBody>; canRender: boolean },
): Promise<CutRenderRow> {
  if (!input.canRender) throw new HttpError(503, CUT_MESSAGES.noFfmpeg);
  const previous = await findRender(db, input.movieId, input.userId);
  const values = {
    movieId: input.movieId,
    userId: input.userId,
    status: 'pending' as const,
    progress: 0,
    error: null,
    frameRate: input.body.frame_rate,
    resolution: input.body.resolution,
    sceneId: input.body.scene_id ?? null,
    workflowNodeId: input.body.workflow_node_id ?? null,
    storageKey: null,
    seconds: null,
    leaseUntil: null,
    attempts: 0,
    updatedAt: new Date(),
  };
  // Only a finished (or failed) render is replaced; one waiting or running is left to finish.
  const [row] = await db
    .insert(cutRenders)
    .values(values)
    .onConflictDoUpdate({
      target: [cutRenders.movieId, cutRenders.userId],
      set: values,
      setWhere: inArray(cutRenders.status, ['success', 'failed']),
    })
    .returning();
  if (!row) throw conflict(CUT_MESSAGES.renderRunning);
  if (previous?.storageKey) await storage.delete(previous.storageKey);
  return row;
}

/**
 * Takes one render to make: a waiting one, or a running one whose server stopped renewing its lease
 * (cut off by a restart). One conditional UPDATE, so two servers never take the same render.
 */
export async function claimRender(db: Database): Promise<CutRenderRow | null> {
  const now = new Date();
  const [row] = await db
    .update(cutRenders)
    .set({
      status: 'running',
      leaseUntil: new Date(now.getTime() + RENDER_LEASE_SECONDS * 1000),
      attempts: sql`${cutRenders.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      eq(
        cutRenders.id,
        sql`(select ${cutRenders.id} from ${cutRenders} where ${unfinished(now)} order by ${cutRenders.updatedAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Writes the render's progress and renews its lease; false when it is no longer this server's. */
export async function reportProgress(db: Database, row: CutRenderRow, progress: number): Promise<boolean> {
  const moved = await db
    .update(cutRenders)
    .set({
      progress,
      leaseUntil: new Date(Date.now() + RENDER_LEASE_SECONDS * 1000),
      updatedAt: new Date(),
    })
    .where(
      and(eq(cutRenders.id, row.id), eq(cutRenders.status, 'running'), eq(cutRenders.attempts, row.attempts)),
    )
    .returning({ id: cutRenders.id });
  return moved.length > 0;
}

/** Ends the render: its file and length, or why it failed. */
export async function finishRender(
  db: Database,
  row: CutRenderRow,
  result: { storageKey: string; seconds: number } | { error: string },
): Promise<boolean> {
  const moved = await db
    .update(cutRenders)
    .set(
      'error' in result
        ? { status: 'failed', error: result.error, leaseUntil: null, updatedAt: new Date() }
        : { status: 'success', progress: 1, ...result, leaseUntil: null, updatedAt: new Date() },
    )
    .where(
      and(eq(cutRenders.id, row.id), eq(cutRenders.status, 'running'), eq(cutRenders.attempts, row.attempts)),
    )
    .returning({ id: cutRenders.id });
  return moved.length > 0;
}
