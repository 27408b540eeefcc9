import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { removeStaleUploads, startUploadSweeper } from './stale-uploads';
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
      startUpload(t.db, t.storage, t.config.publicUrl, t.config.tierLimits, {
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

  it('sweeps at start: stale upload records, and temp files and staging a crash left behind', async () => {
    const root = path.join(t.dataDir, 'storage');
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    const leftover = async (file: string, when: Date) => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, 'partial');
      await utimes(file, when, when);
      await utimes(path.dirname(file), when, when);
    };
    await leftover(path.join(root, 'tmp', 'cut.tmp'), hoursAgo(3));
    await leftover(path.join(root, 'uploads', 'a'.repeat(32), '1.part'), hoursAgo(3));
    await leftover(path.join(root, 'tmp', 'live.tmp'), new Date());
    const abandoned = await startUpload(t.db, t.storage, t.config.publicUrl, t.config.tierLimits, {
      userId: user.userId,
      fileType: 'image',
      filename: 'old.png',
      contentType: 'image/png',
      fileSize: 10,
    });
    await t.db
      .update(uploads)
      .set({ createdAt: hoursAgo(30) })
      .where(eq(uploads.s3Key, abandoned.s3_key));

    const sweeper = startUploadSweeper(t.db, t.storage, { warn: (m) => expect.fail(m) });
    await sweeper.firstSweep;
    sweeper.stop();

    expect(await readdir(path.join(root, 'tmp'))).toEqual(['live.tmp']);
    expect(await readdir(path.join(root, 'uploads'))).toEqual([]);
    expect(await t.db.select().from(uploads).where(eq(uploads.s3Key, abandoned.s3_key))).toEqual([]);
  });
});
