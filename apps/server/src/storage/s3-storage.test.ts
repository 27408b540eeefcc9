import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingPutKey } from './s3-storage';
import { startS3rver, type RunningS3rver } from './s3rver-test-server';
import { describeStorageContract } from './storage-contract';

describeStorageContract(
  'S3Storage on s3rver',
  async () => {
    const s3rver = await startS3rver();
    return { storage: s3rver.storage, teardown: s3rver.stop };
  },
  // s3rver 3.7 checks SigV4 expiry but not the signature itself, and completes multipart uploads
  // without comparing part ETags; real S3 does both, so only these two cases are skipped here.
  { rejectsTamperedSignatures: false, verifiesPartETags: false },
);

describe('S3Storage presigned PUTs', () => {
  let s3rver: RunningS3rver;
  beforeAll(async () => {
    s3rver = await startS3rver();
  });
  afterAll(async () => s3rver?.stop());

  const presign = (key: string, contentLength: number) =>
    s3rver.storage.presignPut(key, { contentType: 'image/png', contentLength });

  it('signs the declared size and If-None-Match, so the store refuses another size or a second use', async () => {
    const url = new URL(await presign('signed/a.png', 73));
    const signed = url.searchParams.get('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toEqual(expect.arrayContaining(['content-length', 'if-none-match', 'host']));
  });

  it('takes the PUT at a pending key, never at the final one, and moves it there at finishPut', async () => {
    const key = 'users/u1/assets/a1/shot one+.png';
    const body = Buffer.from('png bytes');
    const url = new URL(await presign(key, body.length));
    expect(decodeURIComponent(url.pathname)).toBe(`/${s3rver.bucket}/${pendingPutKey(key)}`);

    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png', 'If-None-Match': '*' },
      body,
    });
    expect(put.status).toBe(200);
    expect(await s3rver.storage.head(key)).toBeNull();

    await s3rver.storage.finishPut(key);
    expect((await s3rver.storage.get(key))?.body.equals(body)).toBe(true);
    expect((await s3rver.storage.get(key))?.contentType).toBe('image/png');
    expect(await s3rver.storage.head(pendingPutKey(key))).toBeNull();
  });

  it('sweeps pending PUTs a day old, and leaves younger ones for their complete_upload', async () => {
    const pending = pendingPutKey('users/u2/assets/a2/x.png');
    await s3rver.storage.put(pending, Buffer.from('x'), 'image/png');
    await s3rver.storage.put('users/u2/assets/a3/kept.png', Buffer.from('x'), 'image/png');
    const later = new Date(Date.now() + 60_000);
    expect(await s3rver.storage.removeStaleTemporaryFiles(later)).toBe(0);
    expect(await s3rver.storage.head(pending)).not.toBeNull();

    const dayLater = s3rver.storageWith({ pendingPutAgeMs: -60_000 }); // as if a day had passed
    expect(await dayLater.removeStaleTemporaryFiles(later)).toBe(1);
    expect(await s3rver.storage.head(pending)).toBeNull();
    expect(await s3rver.storage.head('users/u2/assets/a3/kept.png')).not.toBeNull();
  });
});
