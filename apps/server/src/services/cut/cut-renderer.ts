import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CutShot, ExportFrameRate } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movies } from '../../db/schema';
import { storedFileKey } from '../assets/stored-files';
import {
  claimRender,
  finishRender,
  MAX_RENDER_ATTEMPTS,
  reportProgress,
  type CutRenderRow,
} from './cut-renders';
import { ffmpegAvailable, hasSoundStream, joinArgs, runFfmpeg, segmentArgs, slateText } from './ffmpeg-cut';
import { movieCut, type CutFiles } from './movie-cut';

/** Renders at once per server: two users' renders run side by side. */
const RENDERS_AT_ONCE = 2;
const CLAIM_EVERY_MS = 2000;
const PROGRESS_EVERY_MS = 1000;

export interface CutRenderer {
  stop(): Promise<void>;
  /** Claims and runs waiting renders now (tests; the timer does the same). */
  poll(): Promise<void>;
  /** Resolves once the renders running now have ended. */
  settled(): Promise<void>;
}

/** Where a render's MP4 is kept: in the movie's folder (removed with it), a new name per render. */
export function renderKey(row: CutRenderRow): string {
  return `movies/${row.movieId}/cut-renders/${row.userId}/${row.id}-${row.attempts}.mp4`;
}

async function mediaUrl(files: CutFiles, url: string): Promise<string> {
  // The studio's own files go to ffmpeg as short-lived links, so S3 and local storage work alike.
  const key = storedFileKey(files.publicUrl, url);
  return key ? files.storage.presignGet(key, { expiresInSeconds: 3600 }) : url;
}

/** Makes the render's MP4: one segment per shot, then joined; progress as the output grows. */
async function render(
  db: Database,
  files: CutFiles,
  row: CutRenderRow,
  signal: AbortSignal,
): Promise<{ storageKey: string; seconds: number }> {
  const [movie] = await db.select().from(movies).where(eq(movies.id, row.movieId));
  if (!movie) throw new Error('The movie was deleted.');
  const cut = await movieCut(db, files, movie, {
    sceneId: row.sceneId ?? undefined,
    workflowNodeId: row.workflowNodeId ?? undefined,
  });
  if (cut.shots.length === 0) throw new Error('This movie has no shots to render yet.');
  const [width, height] = row.resolution.split('x').map(Number) as [number, number];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cut-render-'));
  try {
    let done = 0;
    let last = 0;
    const tell = (seconds: number) => {
      if (Date.now() - last < PROGRESS_EVERY_MS) return;
      last = Date.now();
      void reportProgress(db, row, Math.min(0.99, (done + seconds) / cut.seconds));
    };
    const list: string[] = [];
    for (const [i, shot] of cut.shots.entries()) {
      const output = path.join(dir, `shot-${i}.mp4`);
      await runFfmpeg(
        await shotArgs(files, shot, {
          width,
          height,
          frameRate: row.frameRate as ExportFrameRate,
          dir,
          i,
          output,
        }),
        tell,
        signal,
      );
      list.push(`file '${output}'`);
      done += shot.seconds;
    }
    const listFile = path.join(dir, 'shots.txt');
    await fs.writeFile(listFile, `${list.join('\n')}\n`);
    const joined = path.join(dir, 'cut.mp4');
    await runFfmpeg(joinArgs(listFile, joined), () => {}, signal);
    const storageKey = renderKey(row);
    await files.storage.putFile(storageKey, joined, 'video/mp4');
    return { storageKey, seconds: cut.seconds };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function shotArgs(
  files: CutFiles,
  shot: CutShot,
  o: { width: number; height: number; frameRate: ExportFrameRate; dir: string; i: number; output: string },
): Promise<string[]> {
  let slateTextFile: string | null = null;
  if (!shot.picture) {
    slateTextFile = path.join(o.dir, `slate-${o.i}.txt`);
    await fs.writeFile(slateTextFile, slateText(shot));
  }
  const pictureUrl = shot.picture && (await mediaUrl(files, shot.picture.url));
  const soundUrl = shot.sound && (await mediaUrl(files, shot.sound.url));
  const pictureHasSound = !soundUrl && shot.picture?.kind === 'video' && (await hasSoundStream(pictureUrl!));
  return segmentArgs(shot, { ...o, pictureUrl, soundUrl, pictureHasSound, slateTextFile });
}

/**
 * The background renderer of every server: claims waiting renders (and those whose server stopped
 * mid-way) from the database, makes them with ffmpeg and stores the MP4. Without ffmpeg it claims none.
 */
export function startCutRenderer(
  db: Database,
  files: CutFiles,
  log: { warn(message: string): void },
  everyMs = CLAIM_EVERY_MS,
): CutRenderer {
  const running = new Set<Promise<void>>();
  const abort = new AbortController();

  async function runOne(row: CutRenderRow) {
    if (row.attempts > MAX_RENDER_ATTEMPTS) {
      await finishRender(db, row, { error: 'The render was cut off too many times; start it again.' });
      return;
    }
    try {
      const result = await render(db, files, row, abort.signal);
      if (!(await finishRender(db, row, result))) await files.storage.delete(result.storageKey);
    } catch (error) {
      // Stopped by a shutdown: the row stays running and another start takes it up once its lease ends.
      if (abort.signal.aborted) return;
      log.warn(`Rendering the cut of movie ${row.movieId} failed: ${String(error)}`);
      await finishRender(db, row, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function poll() {
    if (!(await ffmpegAvailable())) return;
    while (running.size < RENDERS_AT_ONCE && !abort.signal.aborted) {
      const row = await claimRender(db);
      if (!row) return;
      const job = runOne(row).finally(() => running.delete(job));
      running.add(job);
    }
  }
  const tick = () =>
    void poll().catch((error: unknown) => log.warn(`Claiming renders failed: ${String(error)}`));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    poll,
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    async stop() {
      clearInterval(timer);
      abort.abort();
      await Promise.allSettled([...running]);
    },
  };
}
