import { formatGb, gpuUsageOf, type User, type UserStats } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../../db/schema';
import {
  generate,
  generationMovie,
  getGeneration,
  setShotDescriptionInput,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from '../../engine/engine-test-support';
import { storedFileKey } from '../../services/assets/stored-files';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetClient, mediaBytes } from '../assets/asset-test-client';

let t: TestApp;
let m: GenerationMovie;
let stranger: SignedInUser;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  stranger = await signIn(t, 'stranger@example.com');
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

const call = (user: SignedInUser | null, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: user ? { cookie: user.cookie } : {} });

async function stats(user: SignedInUser): Promise<UserStats> {
  const response = await call(user, 'GET', `/user_stats/${user.userId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserStats>();
}

const nicknameUrl = (user: SignedInUser, nickname: string) =>
  `/${user.userId}/nickname/${encodeURIComponent(nickname)}`;

describe('the account figures', () => {
  it('starts a new user at zero: free tier, no GPU time, 0 GB, no movies', async () => {
    expect(await stats(stranger)).toEqual({
      nickname: '',
      email: 'stranger@example.com',
      tier: 'free',
      gpu_usage: { hours: 0, minutes: 0, seconds: 0 },
      storage_usage_in_gb: 0,
      total_movies: 0,
      generations_status_count: { PENDING: 0, RUNNING: 0, SUCCESS: 0, FAILED: 0, CANCELLED: 0 },
      shared_gpu_seconds_this_month: 0,
      limits: t.config.tierLimits.free,
    });
  });

  it('counts real generations by status, their GPU time and the bytes of uploads and takes', async () => {
    // One cancelled before any worker runs, then two takes that succeed and one the worker fails.
    const [cancelled] = await generate(t, m, [m.shotIds[1]!], 1);
    expect((await call(m.user, 'POST', `/generations/cancel_generation/${cancelled}`)).statusCode).toBe(200);
    await setShotDescriptionInput(t, m.shotIds[1]!, 'a storm [[fail: out of memory]]');
    const succeeded = await generate(t, m, [m.shotIds[0]!], 2);
    const [failed] = await generate(t, m, [m.shotIds[1]!], 1);
    const { workers, pool } = await startWorkers(t, 1);
    cleanups.push(() => pool.stop(), ...workers.map((w) => () => w.close()));
    const dispatcher = testDispatcher(t);
    dispatcher.start();
    await waitForStatus(t, [...succeeded, failed!], ['success', 'failed'], 60_000);
    await dispatcher.stop();
    // Queued while no dispatcher runs: it waits.
    await generate(t, m, [m.shotIds[0]!], 1);

    const uploads = assetClient(t);
    await uploads.upload(m.user, 'image', 'frame.png', mediaBytes('image', 1500));
    await uploads.upload(m.user, 'audio', 'line.wav', mediaBytes('audio', 2500, 2));
    let takeBytes = 0;
    for (const id of succeeded) {
      const take = await getGeneration(t, m, id);
      takeBytes += (await t.storage.head(storedFileKey(t.config.publicUrl, take.output!.url)!))!.size;
    }
    expect(takeBytes).toBeGreaterThan(0);
    const rows = await t.db.select().from(generations).where(eq(generations.userId, m.user.userId));
    const gpuSeconds = rows.reduce((sum, r) => sum + (r.gpuSeconds ?? 0), 0);
    expect(rows.filter((r) => r.gpuSeconds !== null)).toHaveLength(succeeded.length);

    const figures = await stats(m.user);
    expect(figures.generations_status_count).toEqual({
      PENDING: 1,
      RUNNING: 0,
      SUCCESS: 2,
      FAILED: 1,
      CANCELLED: 1,
    });
    expect(figures.gpu_usage).toEqual(gpuUsageOf(gpuSeconds));
    // The one worker is a shared one, so all of it counts against this month's hours.
    expect(figures.shared_gpu_seconds_this_month).toBe(Math.round(gpuSeconds));
    expect(figures.storage_usage_in_gb).toBeCloseTo((4000 + takeBytes) / 1e9, 6);
    expect(figures.total_movies).toBe(1);
    expect(figures.email).toBe('director@example.com');

    const blank = await call(m.user, 'POST', `/movies?user_id=${m.user.userId}&title=Second`);
    expect(blank.statusCode, blank.body).toBe(200);
    expect((await stats(m.user)).total_movies).toBe(2);
  });

  it('shows GPU seconds as hours, minutes and seconds', () => {
    expect(gpuUsageOf(3 * 3600 + 25 * 60 + 7.4)).toEqual({ hours: 3, minutes: 25, seconds: 7 });
    expect(gpuUsageOf(59.6)).toEqual({ hours: 0, minutes: 1, seconds: 0 });
  });

  it("shows storage in GB: '0 GB' when none, small amounts not as zero", () => {
    expect(formatGb(0)).toBe('0 GB');
    expect(formatGb(12.345)).toBe('12.35 GB');
    expect(formatGb(0.5)).toBe('0.5 GB');
    expect(formatGb(0.0000042)).toBe('0.0000042 GB');
  });

  it("refuses another user's figures, nickname and user with 403, and everyone signed out with 401", async () => {
    expect((await call(stranger, 'GET', `/user_stats/${m.user.userId}`)).statusCode).toBe(403);
    expect((await call(stranger, 'POST', nicknameUrl(m.user, 'Thief'))).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/user/${m.user.userId}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/user_stats/${m.user.userId}`)).statusCode).toBe(401);
    expect((await call(null, 'POST', nicknameUrl(m.user, 'Ghost'))).statusCode).toBe(401);
    expect((await stats(m.user)).nickname).toBe('');
  });
});

describe('the nickname', () => {
  it('is saved trimmed and the updated figures come back', async () => {
    const response = await call(m.user, 'POST', nicknameUrl(m.user, '  Agnès V. / 🎬  '));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserStats>()).toMatchObject({ nickname: 'Agnès V. / 🎬', tier: 'free' });
    const user = await call(m.user, 'GET', `/user/${m.user.userId}`);
    expect(user.json<User>().nickname).toBe('Agnès V. / 🎬');
  });

  it('takes 32 characters and refuses 33 or a blank one with the spec message', async () => {
    const longest = 'x'.repeat(32);
    expect((await call(m.user, 'POST', nicknameUrl(m.user, longest))).json<UserStats>().nickname).toBe(
      longest,
    );

    const tooLong = await call(m.user, 'POST', nicknameUrl(m.user, 'y'.repeat(33)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ detail: 'Nickname can be at most 32 characters' });
    const blank = await call(m.user, 'POST', nicknameUrl(m.user, '   '));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: 'Nickname cannot be empty' });
    const control = await call(m.user, 'POST', nicknameUrl(m.user, 'a\u0007b'));
    expect(control.statusCode).toBe(400);
    expect((await stats(m.user)).nickname).toBe(longest);
  });
});
