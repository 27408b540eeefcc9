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
