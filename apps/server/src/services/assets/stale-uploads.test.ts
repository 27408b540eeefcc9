import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { removeStaleUploads } from './stale-uploads';
import { startUpload } from './uploads';

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t, 'stale@example.com');
});
afterAll(() => t.close());

describe('removing unfinished uploads', () => {
  it('aborts old multipart uploads, deletes old single objects, and leaves recent ones', async () => {
    const start = (size: number) =>
      startUpload(t.db, t.storage, t.config.publicUrl, {
        userId: user.userId,
        fileType: 'video',
        filename: 'a.mp4',
        contentType: 'video/mp4',
        fileSize: size,
      });
    const single = await start(100);
    await t.storage.put(single.s3_key, Buffer.alloc(100), 'video/mp4');
    await start(30 * 1024 * 1024);
    expect(await removeStaleUploads(t.db, t.storage, new Date(Date.now() - 60_000))).toBe(0);
    expect(await removeStaleUploads(t.db, t.storage, new Date(Date.now() + 60_000))).toBe(2);
    expect(await t.storage.head(single.s3_key)).toBeNull();
    expect(await t.db.select().from(uploads)).toEqual([]);
  });
});
