import {
  MULTIPART_THRESHOLD_BYTES,
  type AssetFileType,
  type PresignUploadResponse,
} from '@cinegraph/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, uploads } from '../../db/schema';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import { MAX_PART_NUMBER, MIN_PART_SIZE, type Storage } from '../../storage/storage';
import { newAssetKey } from './asset-keys';
import { checkExtension, checkSize, cleanDisplayName, contentTypeFor } from './file-rules';
import { hashToken } from '../tokens';
import { storedFileUrl } from './stored-files';
import { assertMayStore, type TierLimitTable } from '../users/tier-limits';

export type UploadRow = typeof uploads.$inferSelect;

/** Parts of 10 MiB keep the part count low for typical videos; larger files get larger parts. */
const PREFERRED_PART_SIZE = 2 * MIN_PART_SIZE;

export interface StartUpload {
  userId: string;
  fileType: AssetFileType;
  filename: string;
  contentType: string | undefined;
  fileSize: number;
}

/**
 * Checks the file, reserves its room in the user's storage (the upload's row counts as used until it is
 * completed or swept) and hands out a presigned PUT, or a multipart upload for large files.
 */
export async function startUpload(
  db: Database,
  storage: Storage,
  publicUrl: string,
  tierLimits: TierLimitTable,
  input: StartUpload,
): Promise<PresignUploadResponse> {
  const filename = cleanDisplayName(input.filename);
  const ext = checkExtension(input.fileType, filename);
  checkSize(input.fileType, input.fileSize);
  const contentType = contentTypeFor(input.fileType, ext, input.contentType);
  const key = newAssetKey(input.userId, filename);
  const common = { s3_key: key, final_url: storedFileUrl(publicUrl, key), bucket: storage.bucket };
  const row = {
    userId: input.userId,
    s3Key: key,
    fileType: input.fileType,
    filename,
    contentType,
    fileSize: input.fileSize,
  };

  // The quota check and the reservation are one step (as the jobs-in-flight limit is).
  const reservationId = await db.transaction(async (tx) => {
    await assertMayStore(tx, tierLimits, input.userId, input.fileSize);
    const [reserved] = await tx.insert(uploads).values(row).returning({ id: uploads.id });
    return reserved!.id;
  });
  try {
    if (input.fileSize <= MULTIPART_THRESHOLD_BYTES) {
      // Bound to the announced size and single use: the link cannot later replace the checked file.
      const presignedUrl = await storage.presignPut(key, { contentType, contentLength: input.fileSize });
      return { upload_type: 'single', presigned_url: presignedUrl, ...common };
    }
    const partSize = partSizeFor(input.fileSize);
    const { uploadId } = await storage.createMultipartUpload(key, contentType, partSize);
    await db.update(uploads).set({ uploadId }).where(eq(uploads.id, reservationId));
    return { upload_type: 'multipart', upload_id: uploadId, part_size: partSize, ...common };
  } catch (error) {
    await db.delete(uploads).where(eq(uploads.id, reservationId));
    throw error;
  }
}

/** The user's upload in progress at `key` (404 when unknown, 403 when it is someone else's). */
export async function requireOwnUpload(
  db: Database,
  userId: string,
  key: string,
  uploadId?: string,
): Promise<UploadRow> {
  const [row] = await db.select().from(uploads).where(eq(uploads.s3Key, key));
  return checkOwnUpload(row, userId, uploadId);
}

/**
 * `requireOwnUpload` for a session token in one query, since a part link is asked for once per part:
 * the session (401 when there is none or it expired) and the upload read together.
 */
async function requireOwnUploadForSession(
  db: Database,
  sessionToken: string,
  key: string,
  uploadId: string,
): Promise<UploadRow> {
  const [row] = await db
    .select({ userId: sessions.userId, upload: uploads })
    .from(sessions)
    .leftJoin(uploads, eq(uploads.s3Key, key))
    .where(and(eq(sessions.tokenHash, hashToken(sessionToken)), gt(sessions.expiresAt, sql`now()`)));
  if (!row) throw unauthorized();
  return checkOwnUpload(row.upload ?? undefined, row.userId, uploadId);
}

function checkOwnUpload(row: UploadRow | undefined, userId: string, uploadId?: string): UploadRow {
  if (!row) throw notFound('Upload not found');
  if (row.userId !== userId) throw forbidden('This upload belongs to someone else.');
  if (uploadId !== undefined && row.uploadId !== uploadId) throw notFound('Upload not found');
  return row;
}

export function checkBucket(storage: Storage, bucket: string): void {
  if (bucket !== storage.bucket) throw badRequest(`Unknown bucket ${bucket}`);
}

export async function presignUploadPart(
  db: Database,
  storage: Storage,
  sessionToken: string,
  query: { bucket: string; s3_key: string; upload_id: string; part_number: number },
): Promise<string> {
  checkBucket(storage, query.bucket);
  const upload = await requireOwnUploadForSession(db, sessionToken, query.s3_key, query.upload_id);
  const partSize = partSizeFor(upload.fileSize);
  const count = Math.ceil(upload.fileSize / partSize);
  if (query.part_number > count) throw badRequest(`This upload has ${count} parts.`);
  // Each part link takes exactly its share of the announced size.
  const contentLength = query.part_number < count ? partSize : upload.fileSize - (count - 1) * partSize;
  return storage.presignPart(query.s3_key, query.upload_id, query.part_number, { contentLength });
}

/** The part size handed out for a multipart upload of `fileSize` bytes (and the size each part must have). */
function partSizeFor(fileSize: number): number {
  return Math.max(PREFERRED_PART_SIZE, Math.ceil(fileSize / MAX_PART_NUMBER));
}

/** Abandons a multipart upload: its parts and the record go. */
export async function abortUpload(
  db: Database,
  storage: Storage,
  userId: string,
  body: { bucket: string; s3_key: string; upload_id: string },
): Promise<void> {
  checkBucket(storage, body.bucket);
  const row = await requireOwnUpload(db, userId, body.s3_key, body.upload_id);
  await storage.abortMultipartUpload(row.s3Key, body.upload_id);
  await db.delete(uploads).where(and(eq(uploads.id, row.id), eq(uploads.userId, userId)));
}
