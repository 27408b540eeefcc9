import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 24, finding 4: uploads started at once against a free tier of 10 MB. On PostgreSQL the quota
 * check and the upload's record were separate statements, so 20 presigns of 2.86 MB had 5 accepted
 * (1.43x the quota). The check and the reservation are now one step under the user's row lock.
 */

const QUOTA_BYTES = 10_000_000;
const FILE_BYTES = 2_860_000;

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { TIER_FREE_STORAGE_GB: String(QUOTA_BYTES / 1e9) } });
  user = await signIn(t, 'racer@example.com');
});
afterAll(() => t.close());

const presign = (i: number) =>
  t.app.inject({
    method: 'GET',
    url:
      `/api/v1/utils/presigned_upload_url/user/${user.userId}/file_type/video/filename/take-${i}.mp4` +
      `?file_size=${FILE_BYTES}&content_type=video%2Fmp4`,
    headers: { cookie: user.cookie },
  });

describe('the storage quota under concurrent uploads', () => {
  it('accepts only as many uploads started at once as fit, and reserves no more than the quota', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => presign(i)));
    const accepted = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(accepted).toHaveLength(Math.floor(QUOTA_BYTES / FILE_BYTES));
    for (const answer of refused) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json<{ detail: string }>().detail).toMatch(/does not fit in your storage/);
    }
    const [reserved] = await t.db
      .select({ bytes: sum(uploads.fileSize) })
      .from(uploads)
      .where(eq(uploads.userId, user.userId));
    expect(Number(reserved!.bytes)).toBeLessThanOrEqual(QUOTA_BYTES);
  });
});
