import type { CompleteMultipartBody, CompleteUploadBody } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assets, uploads } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { assetFolder } from './asset-keys';
import { ASSET_DISPLAY_WIDTH, storeDisplayImage } from './display-image';
import { SNIFF_BYTES, sniffMediaType } from '../../storage/media-types';
import { checkSize, notMediaMessage, UPLOAD_MEDIA_TYPES } from './file-rules';
import { storePosterFrame } from './poster-frame';
import { storedFileUrl } from './stored-files';
import { checkBucket, requireOwnUpload, type UploadRow } from './uploads';

export type AssetRow = typeof assets.$inferSelect;

/** Records a finished single upload: the object must be in storage with the announced size. */
export async function completeSingleUpload(
  db: Database,
  storage: Storage,
  publicUrl: string,
  userId: string,
  body: CompleteUploadBody,
): Promise<AssetRow> {
  const upload = await requireOwnUpload(db, userId, body.s3_key);
  if (upload.uploadId) throw badRequest('This is a multipart upload: complete it with its parts.');
  await storage.finishPut(upload.s3Key);
  return recordAsset(db, storage, publicUrl, upload, body);
}

/** Joins the parts (storage refuses a wrong or missing ETag) and records the asset. */
export async function completeMultipartUpload(
  db: Database,
  storage: Storage,
  publicUrl: string,
  userId: string,
  body: CompleteMultipartBody,
): Promise<AssetRow> {
  checkBucket(storage, body.bucket);
  const upload = await requireOwnUpload(db, userId, body.s3_key, body.upload_id);
  const parts = [...body.parts].sort((a, b) => a.PartNumber - b.PartNumber);
  await storage.completeMultipartUpload(upload.s3Key, body.upload_id, parts);
  return recordAsset(db, storage, publicUrl, upload, body);
}

async function recordAsset(
  db: Database,
  storage: Storage,
  publicUrl: string,
  upload: UploadRow,
  body: CompleteUploadBody,
): Promise<AssetRow> {
  if (body.file_type !== upload.fileType) {
    throw badRequest(`This upload is a ${upload.fileType} file, not ${body.file_type}`);
  }
  const stored = await storage.head(upload.s3Key);
  if (!stored) throw badRequest('The file has not been uploaded yet.');
  if (stored.size !== upload.fileSize) {
    // The size decided single or multipart and the type's limit; a different file is refused.
    await discard(db, storage, upload);
    throw badRequest(`The uploaded file is ${stored.size} bytes, not the announced ${upload.fileSize}.`);
  }
  checkSize(upload.fileType, stored.size);
  await checkMediaBytes(db, storage, upload, stored.size);
  const url = storedFileUrl(publicUrl, upload.s3Key);
  const displayKey = await storeDisplayFile(storage, upload);
  const displayImage = displayKey ? storedFileUrl(publicUrl, displayKey) : null;
  return db.transaction(async (tx) => {
    const [asset] = await tx
      .insert(assets)
      .values({
        userId: upload.userId,
        // The name checked when the upload started (its extension passed the type's rules).
        filename: upload.filename,
        s3Key: upload.s3Key,
        url,
        fileType: upload.fileType,
        fileSize: stored.size,
        contentType: upload.contentType,
        displayImage,
        metadata: {
          node_id: body.metadata?.node_id ?? null,
          item_id: body.metadata?.item_id ?? null,
          uploaded_at: body.metadata?.uploaded_at ?? new Date().toISOString(),
        },
      })
      .returning();
    await tx.delete(uploads).where(eq(uploads.id, upload.id));
    return asset!;
  });
}

/**
 * The picture shown for the asset, stored in its folder so deleting the asset deletes it too: an
 * image's smaller copy (the image itself when sharp cannot read it), a video's poster frame.
 * Generation always uses the original.
 */
async function storeDisplayFile(storage: Storage, upload: UploadRow): Promise<string | null> {
  if (upload.fileType === 'video') return storePosterFrame(storage, upload.s3Key);
  if (upload.fileType !== 'image') return null;
  const file = await storage.get(upload.s3Key);
  if (!file) return null;
  const displayKey = `${assetFolder(upload.s3Key)}.display.webp`;
  return (await storeDisplayImage(storage, file.body, displayKey, ASSET_DISPLAY_WIDTH)) ?? upload.s3Key;
}

/**
 * An image, video or audio upload must be one by its first bytes, whatever type the browser declared;
 * only those bytes are read, so completing stays as quick for a large video as for a small image.
 */
async function checkMediaBytes(
  db: Database,
  storage: Storage,
  upload: UploadRow,
  size: number,
): Promise<void> {
  const accepted = UPLOAD_MEDIA_TYPES[upload.fileType];
  if (!accepted) return;
  const head = size > 0 ? await storage.readHead(upload.s3Key, SNIFF_BYTES) : null;
  const sniffed = head && sniffMediaType(head);
  if (sniffed && accepted.includes(sniffed)) return;
  await discard(db, storage, upload);
  throw badRequest(notMediaMessage(upload.fileType, accepted));
}

async function discard(db: Database, storage: Storage, upload: UploadRow): Promise<void> {
  await storage.delete(upload.s3Key);
  await db.delete(uploads).where(eq(uploads.id, upload.id));
}
