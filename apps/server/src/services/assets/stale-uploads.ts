import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import type { Storage } from '../../storage/storage';

/**
 * Removes uploads started before `olderThan` and never completed: multipart parts are aborted, a
 * single upload's object (if it arrived) is deleted. Returns how many were removed.
 */
export async function removeStaleUploads(db: Database, storage: Storage, olderThan: Date): Promise<number> {
  const stale = await db.select().from(uploads).where(lt(uploads.createdAt, olderThan));
  for (const upload of stale) {
    if (upload.uploadId) {
      // An upload the store already forgot is fine: the goal is that nothing is left.
      await storage.abortMultipartUpload(upload.s3Key, upload.uploadId).catch(() => undefined);
    }
    await storage.delete(upload.s3Key);
    await db.delete(uploads).where(eq(uploads.id, upload.id));
  }
  return stale.length;
}

/** Uploads not completed within a day are abandoned (each presigned link lives an hour). */
export const STALE_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
/** A temp file nobody wrote to for an hour belongs to a cut PUT: a live one keeps writing. */
export const STALE_TEMP_FILE_AGE_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Sweeps abandoned uploads now (at start: a crash leaves the temp files of every PUT it cut) and then
 * every hour; a failed sweep is logged and tried again next time. `firstSweep` settles after the first.
 */
export function startUploadSweeper(
  db: Database,
  storage: Storage,
  log: { warn(message: string): void },
  everyMs = SWEEP_EVERY_MS,
): { stop(): void; firstSweep: Promise<void> } {
  const sweep = async () => {
    const now = Date.now();
    await removeStaleUploads(db, storage, new Date(now - STALE_UPLOAD_AGE_MS));
    await storage.removeStaleTemporaryFiles(new Date(now - STALE_TEMP_FILE_AGE_MS));
  };
  const run = () =>
    sweep().catch((error: unknown) => log.warn(`Sweeping abandoned uploads failed: ${String(error)}`));
  const firstSweep = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), firstSweep };
}
