import { startDevWorker } from '@cinegraph/dev-worker';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, users, workers } from '../../db/schema';
import {
  generationMovie,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from '../../engine/engine-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetClient, mediaBytes } from '../assets/asset-test-client';

let t: TestApp;
let m: GenerationMovie;
const cleanups: (() => Promise<unknown>)[] = [];

// Small limits for the free tier, as an operator would configure them.
beforeAll(async () => {
  t = await createTestApp({
    env: {
      TIER_FREE_JOBS_IN_FLIGHT: '3',
      TIER_FREE_GPU_HOURS: '1',
      TIER_FREE_STORAGE_GB: '0.001', // 1,000,000 bytes
      USER_WORKERS_ALLOW_PRIVATE: 'true',
    },
  });
  m = await generationMovie(t);
});
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

const generateUrl = (g: GenerationMovie) =>
  `/api/v1/generations/generate/workflow_node_id/${g.nodeId}/movie_id/${g.movieId}/user_id/${g.user.userId}`;

function tryGenerate(g: GenerationMovie, shotIds: string[], numJobs: number) {
  return t.app.inject({
    method: 'POST',
    url: generateUrl(g),
    headers: { cookie: g.user.cookie },
    payload: { shot_ids: shotIds, num_jobs: numJobs },
  });
}

const setTier = (user: SignedInUser, tier: 'free' | 'pro') =>
  t.db.update(users).set({ tier }).where(eq(users.id, user.userId));

describe('the tier limits', () => {
  it('refuses jobs past the jobs in flight of the tier, with a message saying why, and queues nothing', async () => {
    const tooMany = await tryGenerate(m, m.shotIds, 2);
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json<{ detail: string }>().detail).toBe(
      'The Free tier runs at most 3 jobs at once and you have 0 waiting or running, so 4 more do not fit. ' +
        'Wait for some to finish, add a ComfyUI worker of your own, or change your usage tier on the account page.',
    );
    expect(await t.db.select().from(generations)).toHaveLength(0);

    expect((await tryGenerate(m, [m.shotIds[0]!], 3)).statusCode).toBe(200);
    const oneMore = await tryGenerate(m, [m.shotIds[1]!], 1);
    expect(oneMore.statusCode).toBe(403);
    expect(oneMore.json<{ detail: string }>().detail).toContain('you have 3 waiting or running');

    // The pro tier's own limit (200 by default) lets them through.
    await setTier(m.user, 'pro');
    expect((await tryGenerate(m, [m.shotIds[1]!], 1)).statusCode).toBe(200);
    await setTier(m.user, 'free');
  });

  it("refuses jobs once the month's GPU hours on the shared workers are used, not on the user's own worker", async () => {
    const first = await startWorkers(t, 1);
    cleanups.push(() => first.pool.stop(), ...first.workers.map((w) => () => w.close()));
    const dispatcher = testDispatcher(t);
    dispatcher.start();
    const queued = (await t.db.select({ id: generations.id }).from(generations)).map((r) => r.id);
    await waitForStatus(t, queued, ['success'], 60_000);
    await dispatcher.stop();
    await first.pool.stop();
    // The shared worker ran them; one of them stands for an hour of real GPU time.
    await t.db.update(generations).set({ gpuSeconds: 3600 }).where(eq(generations.id, queued[0]!));

    const refused = await tryGenerate(m, [m.shotIds[0]!], 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'You have used the 1 GPU hours of the Free tier on the shared workers this month. Add a ComfyUI worker ' +
        'of your own, wait for next month, or change your usage tier on the account page.',
    );

    // A shared worker is free (its pool checks health at start, before the user's worker is added).
    const shared = await startWorkers(t, 1);
    cleanups.push(() => shared.pool.stop(), ...shared.workers.map((w) => () => w.close()));

    // With a worker of their own, healthy, the user is not limited.
    const own = await startDevWorker({ port: 0, stepMs: 5 });
    cleanups.push(() => own.close());
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/worker/mine',
      headers: { cookie: m.user.cookie },
      payload: { url: own.url, label: 'My GPU' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const ownJobs = await tryGenerate(m, [m.shotIds[0]!], 5);
    expect(ownJobs.statusCode, ownJobs.body).toBe(200);
    const ids = ownJobs.json<{ generation_ids: string[] }>().generation_ids;

    // Another free user on the same server still has their hours, on the shared workers.
    const other = await generationMovie(t, 'other@example.com');
    const otherJob = await tryGenerate(other, [other.shotIds[0]!], 1);
    expect(otherJob.statusCode).toBe(200);

    // Past their limits, the jobs run on the user's own worker only, though a shared one is free too;
    // waiting for it, they do not hold the shared worker from the other user's job.
    const second = testDispatcher(t, { allowPrivateUserWorkers: true });
    cleanups.push(() => second.stop());
    second.start();
    const otherIds = otherJob.json<{ generation_ids: string[] }>().generation_ids;
    await waitForStatus(t, [...ids, ...otherIds], ['success'], 60_000);
    const [mine] = await t.db.select().from(workers).where(eq(workers.url, own.url));
    const ran = await t.db
      .select()
      .from(generations)
      .where(inArray(generations.id, [...ids, ...otherIds]));
    for (const row of ran) {
      expect(row.ownWorkersOnly).toBe(ids.includes(row.id));
      if (ids.includes(row.id)) expect(row.workerId).toBe(mine!.id);
      else expect(row.workerId).not.toBe(mine!.id);
    }
  }, 90_000);

  it('refuses an upload that does not fit in the storage of the tier, counting uploads in progress', async () => {
    const uploader = await signIn(t, 'uploader@example.com');
    const assets = assetClient(t);
    await assets.upload(uploader, 'image', 'still.png', mediaBytes('image', 600_000));

    const big = await assets.call(uploader, 'GET', assets.presignUrl(uploader, 'image', 'big.png', 500_000));
    expect(big.statusCode).toBe(403);
    expect(big.json<{ detail: string }>().detail).toBe(
      'This file (0.0005 GB) does not fit in your storage: the Free tier keeps 0.001 GB and you use ' +
        '0.0006 GB. Delete files or takes you no longer need, or change your usage tier on the account page.',
    );

    // Started, not completed: it holds its room.
    const started = await assets.call(
      uploader,
      'GET',
      assets.presignUrl(uploader, 'image', 'a.png', 300_000),
    );
    expect(started.statusCode).toBe(200);
    const second = await assets.call(uploader, 'GET', assets.presignUrl(uploader, 'image', 'b.png', 150_000));
    expect(second.statusCode).toBe(403);
    const fits = await assets.call(uploader, 'GET', assets.presignUrl(uploader, 'image', 'c.png', 100_000));
    expect(fits.statusCode).toBe(200);
  });

  it('refuses generating once the storage is full', async () => {
    const full = await generationMovie(t, 'full@example.com');
    await assetClient(t).upload(full.user, 'image', 'huge.png', mediaBytes('image', 1_000_000));
    const refused = await tryGenerate(full, [full.shotIds[0]!], 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Your storage is full: the Free tier keeps/);
  });
});
