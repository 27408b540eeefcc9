import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workers } from '../db/schema';
import type { TestApp } from '../test/test-app';
import { startDevWorker } from '@cinegraph/dev-worker';
import { claimPendingGeneration } from './claim';
import {
  generate,
  eachTestWithGenerationMovie,
  startWorkers,
  type GenerationMovie,
} from './engine-test-support';
import { WorkerPool } from './worker-pool';

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

describe('the worker pool', () => {
  it('records health and version from /system_stats and routes jobs around a worker that stopped', async () => {
    const { workers: started, pool } = await startWorkers(t, 2);
    cleanups.push(() => pool.stop(), ...started.map((w) => () => w.close()));
    const rows = await t.db.select().from(workers);
    expect(rows.map((w) => [w.healthy, w.comfyuiVersion !== null, w.lastSeenAt !== null])).toEqual([
      [true, true, true],
      [true, true, true],
    ]);

    await started[0]!.close();
    await pool.checkHealth();
    const [down] = await t.db.select().from(workers).where(eq(workers.url, started[0]!.url));
    expect(down!.healthy).toBe(false);
    expect(down!.lastError).toBeTruthy();

    await generate(t, m, m.shotIds, 1);
    const first = await claimPendingGeneration(t.db);
    expect(first?.worker.url).toBe(started[1]!.url);
    // Capacity 1: the healthy worker is busy, and the stopped one takes nothing.
    expect(await claimPendingGeneration(t.db)).toBeNull();
  });

  it("takes a user's worker on a private address out of routing without calling it, unless allowed", async () => {
    const own = await startDevWorker({ port: 0 });
    cleanups.push(() => own.close());
    await t.db
      .insert(workers)
      .values({ url: own.url, label: 'My GPU', userId: m.user.userId, healthy: true });
    const check = async (allowPrivateUserWorkers: boolean) => {
      await new WorkerPool({ db: t.db, workers: [], allowPrivateUserWorkers }).checkHealth();
      const [row] = await t.db.select().from(workers).where(eq(workers.url, own.url));
      return row!;
    };

    // Its name may have pointed outside when it was added; now it is 127.0.0.1 (DNS rebinding).
    const refused = await check(false);
    expect(refused.healthy).toBe(false);
    expect(refused.lastError).toContain('private or local network');
    expect(refused.comfyuiVersion).toBeNull();

    expect((await check(true)).healthy).toBe(true);
  });
});
