import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { MIN_PART_SIZE, type Storage } from './storage';

/**
 * The ETag of a single PUT or a part: a quoted hash of its bytes (MD5 on S3, SHA-256 in the local
 * store). Callers only pass it back, so the contract is that it names these bytes.
 */
export const bytesEtag = (bytes: Buffer, storage: Storage) =>
  `"${createHash(storage.bucket === 'local' ? 'sha256' : 'md5')
    .update(bytes)
    .digest('hex')}"`;

async function putPart(storage: Storage, url: string, bytes: Buffer) {
  const response = await fetch(url, { method: 'PUT', body: bytes });
  expect(response.status).toBe(200);
  const etag = response.headers.get('etag');
  expect(etag).toBe(bytesEtag(bytes, storage));
  return etag ?? '';
}

/** The multipart part of the Storage contract, run inside `describeStorageContract`. */
export function describeMultipartContract(
  getStorage: () => Storage,
  options: { verifiesPartETags?: boolean },
): void {
  const space = () => `contract-${randomUUID()}`;

  it('assembles a multipart upload from presigned part PUTs, in part-number order', async () => {
    const storage = getStorage();
    const key = `${space()}/movie.mp4`;
    const first = randomBytes(MIN_PART_SIZE);
    const last = Buffer.from('the last part may be small');
    const { uploadId } = await storage.createMultipartUpload(key, 'video/mp4', MIN_PART_SIZE);
    // Parts may arrive in any order; the part number decides their place.
    const lastEtag = await putPart(storage, await storage.presignPart(key, uploadId, 2), last);
    const firstEtag = await putPart(storage, await storage.presignPart(key, uploadId, 1), first);
    await storage.completeMultipartUpload(key, uploadId, [
      { PartNumber: 2, ETag: lastEtag },
      { PartNumber: 1, ETag: firstEtag },
    ]);
    const object = await storage.get(key);
    expect(object?.body.equals(Buffer.concat([first, last]))).toBe(true);
    expect(object?.contentType).toBe('video/mp4');
  });

  it.skipIf(options.verifiesPartETags === false)(
    'refuses to complete with an ETag the part does not have',
    async () => {
      const storage = getStorage();
      const key = `${space()}/clip.mp4`;
      const { uploadId } = await storage.createMultipartUpload(key, 'video/mp4', MIN_PART_SIZE);
      await putPart(storage, await storage.presignPart(key, uploadId, 1), Buffer.from('bytes'));
      const wrong = [{ PartNumber: 1, ETag: '"00000000000000000000000000000000"' }];
      await expect(storage.completeMultipartUpload(key, uploadId, wrong)).rejects.toThrow();
      expect(await storage.head(key)).toBeNull();
    },
  );

  it('leaves no object behind when a multipart upload is aborted', async () => {
    const storage = getStorage();
    const key = `${space()}/abandoned.mp4`;
    const { uploadId } = await storage.createMultipartUpload(key, 'video/mp4', MIN_PART_SIZE);
    const etag = await putPart(storage, await storage.presignPart(key, uploadId, 1), Buffer.from('partial'));
    await storage.abortMultipartUpload(key, uploadId);
    expect(await storage.head(key)).toBeNull();
    await expect(
      storage.completeMultipartUpload(key, uploadId, [{ PartNumber: 1, ETag: etag }]),
    ).rejects.toThrow();
    expect(await storage.head(key)).toBeNull();
  });
}
