import type { PresignUploadResponse, UserAsset } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingPutKey } from '../../storage/s3-storage';
import { startS3rver, type RunningS3rver } from '../../storage/s3rver-test-server';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetClient } from './asset-test-client';

let s3rver: RunningS3rver;
let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  s3rver = await startS3rver();
  t = await createTestApp({ storage: s3rver.storage });
  user = await signIn(t, 's3-uploader@example.com');
});
afterAll(async () => {
  await t?.close();
  await s3rver?.stop();
});

describe('a single upload to S3', () => {
  it('PUTs to a pending key; complete_upload copies it into place and removes it; the URL cannot replace it', async () => {
    const api = assetClient(t);
    const bytes = Buffer.from('89504e470d0a1a0a' + 'ab'.repeat(64), 'hex');
    const started = await api.ok<PresignUploadResponse>(
      user,
      'GET',
      api.presignUrl(user, 'image', 'still.png', bytes.length, 'image/png'),
    );
    const url = new URL(started.presigned_url!);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'if-none-match']),
    );
    expect(decodeURIComponent(url.pathname)).toBe(`/${s3rver.bucket}/${pendingPutKey(started.s3_key)}`);

    const put = (body: Buffer) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png', 'if-none-match': '*' }, body });
    expect((await put(bytes)).status).toBe(200);
    expect(await t.storage.head(started.s3_key)).toBeNull();

    const asset = await api.ok<UserAsset>(user, 'POST', '/utils/complete_upload', {
      user_id: user.userId,
      file_type: 'image',
      filename: 'still.png',
      s3_key: started.s3_key,
      final_url: started.final_url,
      file_size: bytes.length,
      content_type: 'image/png',
      metadata: { node_id: null, item_id: null, uploaded_at: '2026-01-01T00:00:00Z' },
    });
    expect(asset.file_size).toBe(bytes.length);
    expect((await t.storage.get(started.s3_key))?.body.equals(bytes)).toBe(true);
    expect(await t.storage.head(pendingPutKey(started.s3_key))).toBeNull();

    // The same URL again with other bytes of the signed length: the finished object stays as checked.
    const swapped = Buffer.alloc(bytes.length, 0x3c);
    await put(swapped);
    expect((await t.storage.get(started.s3_key))?.body.equals(bytes)).toBe(true);
  });
});
