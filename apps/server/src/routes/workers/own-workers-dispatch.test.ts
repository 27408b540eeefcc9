import { WORKER_MESSAGES, type OwnWorker } from '@cinegraph/contracts';
import { startDevWorker, type DevWorker } from '@cinegraph/dev-worker';
import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generations } from '../../db/schema';
import {
  generate,
  generationMovie,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from '../../engine/engine-test-support';
import { createTestApp, type TestApp } from '../../test/test-app';
import { workerClient } from './worker-test-client';

let t: TestApp;
let ann: GenerationMovie;
let bob: GenerationMovie;
let client: ReturnType<typeof workerClient>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  ann = await generationMovie(t, 'ann@example.com');
  bob = await generationMovie(t, 'bob@example.com');
  client = workerClient(t);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

async function devWorker(stepMs = 5): Promise<DevWorker> {
  const worker = await startDevWorker({ port: 0, host: '127.0.0.1', stepMs });
  cleanups.push(() => worker.close());
  return worker;
}

function dispatcher() {
  const d = testDispatcher(t);
  cleanups.push(() => d.stop());
  d.start();
  return d;
}

async function workerOf(ids: string[]): Promise<(string | null)[]> {
  const rows = await t.db
    .select({ workerId: generations.workerId })
    .from(generations)
    .where(inArray(generations.id, ids));
  return rows.map((r) => r.workerId);
}

async function historyCount(worker: DevWorker): Promise<number> {
  return Object.keys((await (await fetch(`${worker.url}/history`)).json()) as object).length;
}

describe("jobs on a user's own worker", () => {
  it("runs the owner's jobs on it when it is the only healthy worker, and never another user's", async () => {
    const own = await devWorker();
    const annWorker = await client.added(ann.user, { url: own.url, label: 'Ann GPU', capacity: 2 });
    const d = dispatcher();

    const annJobs = await generate(t, ann, ann.shotIds, 2);
    const bobJobs = await generate(t, bob, bob.shotIds, 1);
    await waitForStatus(t, annJobs, ['success']);
    expect(await workerOf(annJobs)).toEqual(annJobs.map(() => annWorker._id));
    // Bob's jobs wait for a worker that may serve him, through many ticks; Ann's idle worker is not one.
    for (let i = 0; i < 5; i++) await d.tick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await waitForStatus(t, bobJobs, ['pending'], 0);
    expect(await workerOf(bobJobs)).toEqual(bobJobs.map(() => null));
    expect(await historyCount(own)).toBe(annJobs.length);

    const shared = await startWorkers(t, 1, { stepMs: 5 });
    cleanups.push(
      () => shared.pool.stop(),
      () => shared.workers[0]!.close(),
    );
    await waitForStatus(t, bobJobs, ['success']);
    expect(await historyCount(shared.workers[0]!)).toBe(bobJobs.length);
    expect(await historyCount(own)).toBe(annJobs.length);
  });

  it('shows the jobs a worker holds, and refuses to remove it until they are done', async () => {
    const own = await devWorker(400);
    const worker = await client.added(ann.user, { url: own.url });
    dispatcher();
    const [job] = await generate(t, ann, ann.shotIds.slice(0, 1), 1);
    await waitForStatus(t, [job!], ['queued', 'running']);

    expect((await client.list(ann.user)).json<OwnWorker[]>()[0]?.active_jobs).toBe(1);
    const refused = await client.remove(ann.user, worker._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: WORKER_MESSAGES.busy(1) });
    expect(refused.json<{ detail: string }>().detail).toBe(
      'This worker still has 1 job in progress. Cancel it or wait until it finishes, then remove the worker.',
    );

    await waitForStatus(t, [job!], ['success']);
    expect((await client.list(ann.user)).json<OwnWorker[]>()[0]?.active_jobs).toBe(0);
    expect((await client.remove(ann.user, worker._id)).statusCode).toBe(200);
  });
});
