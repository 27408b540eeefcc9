import type { DevWorker } from '@cinegraph/dev-worker';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generations, shots, workers as workerRows } from '../db/schema';
import { storedFileKey } from '../services/assets/stored-files';
import { storyboardGenerationCounts, userGenerationSummary } from '../services/generations/counts';
import type { TestApp } from '../test/test-app';
import type { Dispatcher } from './dispatcher';
import {
  generate,
  eachTestWithGenerationMovie,
  getGeneration,
  setShotDescriptionInput,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

async function workers(count: number, stepMs = 5): Promise<DevWorker[]> {
  const started = await startWorkers(t, count, { stepMs });
  cleanups.push(() => started.pool.stop());
  for (const w of started.workers) cleanups.push(() => w.close());
  return started.workers;
}

function dispatcher(options: Parameters<typeof testDispatcher>[1] = {}): Dispatcher {
  const d = testDispatcher(t, options);
  cleanups.push(() => d.stop());
  d.start();
  return d;
}

async function historyCount(worker: DevWorker): Promise<number> {
  const response = await fetch(`${worker.url}/history`);
  return Object.keys((await response.json()) as object).length;
}

describe('the dispatcher with real dev workers', () => {
  it('runs a batch of 50 jobs over three workers to success, with outputs and display images in storage', async () => {
    const pool = await workers(3);
    // num_jobs is at most 10 per call: five calls of 5 jobs on each of the two shots.
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(...(await generate(t, m, m.shotIds, 5)));
    expect(ids).toHaveLength(50);
    dispatcher();
    await waitForStatus(t, ids, ['success'], 60_000);

    for (const id of ids) {
      const take = await getGeneration(t, m, id);
      expect(take.output?.type).toBe('image');
      expect(take.new_output).toBe(true);
      expect(take.progress).toBe(1);
      const key = storedFileKey(t.config.publicUrl, take.output!.url)!;
      expect(key.startsWith(`movies/${m.movieId}/generations/${id}-`)).toBe(true);
      expect((await t.storage.head(key))?.size).toBeGreaterThan(0);
      // The preview worker's small stills are their own display images (store-outputs.test.ts).
      expect(take.display_image).toBe(take.output!.url);
    }
    const counts = await Promise.all(pool.map(historyCount));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    const [shot] = await t.db.select().from(shots).where(eq(shots.id, m.shotIds[0]!));
    expect(shot!.newOutput).toBe(true);
    expect(shot!.displayImage).toMatch(/\.png$/);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/generations/status/${m.nodeId}`,
      headers: { cookie: m.user.cookie },
    });
    expect(status.json()).toEqual({ pending: 0, queued: 0, running: 0, assigned: 0, success: 50, failed: 0 });
    const account = await userGenerationSummary(t.db, m.user.userId);
    expect(account).toMatchObject({ success: 50, pending: 0, running: 0, failed: 0, cancelled: 0 });
    expect(account.gpuSeconds).toBeGreaterThan(0);
    expect(await storyboardGenerationCounts(t.db, { shotId: m.shotIds[0]! })).toEqual({
      pending: 0,
      running: 0,
      success: 25,
      failed: 0,
      withNewOutput: 25,
    });
  }, 120_000); // 50 real jobs: the status wait alone may take 60 s on a loaded machine

  it("fails a job with the worker's own error message", async () => {
    await workers(1);
    await setShotDescriptionInput(t, m.shotIds[0]!, 'Mara trips [[fail: CUDA out of memory]]');
    const [failing] = await generate(t, m, [m.shotIds[0]!], 1);
    const [fine] = await generate(t, m, [m.shotIds[1]!], 1);
    dispatcher();
    await waitForStatus(t, [failing!, fine!], ['success', 'failed']);
    const take = await getGeneration(t, m, failing!);
    expect(take.status).toBe('failed');
    expect(take.inference.error_message).toContain('CUDA out of memory');
    expect((await getGeneration(t, m, fine!)).status).toBe('success');
  });

  it('cancels a pending job before any worker sees it', async () => {
    const [worker] = await workers(1);
    const ids = await generate(t, m, [m.shotIds[0]!], 2);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/cancel/${m.nodeId}`,
      headers: { cookie: m.user.cookie },
    });
    expect(cancelled.json()).toEqual({ cancelled: 2 });
    dispatcher();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await waitForStatus(t, ids, ['cancelled'], 100);
    expect(await historyCount(worker!)).toBe(0);
  });

  it('cancels a running job by interrupting it on the worker', async () => {
    const [worker] = await workers(1, 400);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    await waitForStatus(t, [id!], ['running']);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/cancel_generation/${id}`,
      headers: { cookie: m.user.cookie },
    });
    expect(response.json()).toMatchObject({ status: 'cancelled' });
    // The interrupt reaches the worker at its next step.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = (await (await fetch(`${worker!.url}/queue`)).json()) as { queue_running: unknown[] };
    expect(after.queue_running).toEqual([]);
    expect((await getGeneration(t, m, id!)).status).toBe('cancelled');
  });

  it('re-queues the job of a worker that is killed mid-job, and it succeeds on another', async () => {
    const [slow, spare] = await workers(2, 300);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    await waitForStatus(t, [id!], ['running']);
    const [row] = await t.db.select().from(generations).where(eq(generations.id, id!));
    const [assigned] = await t.db.select().from(workerRows).where(eq(workerRows.id, row!.workerId!));
    const doomed = [slow!, spare!].find((w) => w.url === assigned!.url)!;
    await doomed.close();
    await waitForStatus(t, [id!], ['success'], 30_000);
    const [done] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(done!.attempts).toBe(2);
    expect(await historyCount(doomed === slow ? spare! : slow!)).toBe(1);
  });

  it('fails a job cleanly once its worker disappeared more often than the retries allow', async () => {
    const [only] = await workers(1, 300);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher({ retries: 0 });
    await waitForStatus(t, [id!], ['running']);
    await only!.close();
    await waitForStatus(t, [id!], ['failed'], 30_000);
    expect((await getGeneration(t, m, id!)).inference.error_message).toMatch(
      /worker 1 (stopped answering|interrupted)/,
    );
  });

  it('resumes a running job after a restart and finishes it', async () => {
    await workers(1, 150);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const first = testDispatcher(t);
    cleanups.push(() => first.stop());
    first.start();
    await waitForStatus(t, [id!], ['running']);
    await first.stop();
    const [between] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(between!.status).toBe('running');
    // The only server on its database resumes at once; several servers wait for the lease to go stale.
    dispatcher({ resumeAllOnStart: true });
    await waitForStatus(t, [id!], ['success'], 30_000);
    const [done] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(done!.attempts).toBe(1);
  });

  it("keeps the GPU time of an adopted job that missed execution_start, by the worker's own timing", async () => {
    const [worker] = await workers(1, 150);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const first = testDispatcher(t);
    cleanups.push(() => first.stop());
    first.start();
    await waitForStatus(t, [id!], ['running']);
    await first.stop();
    // The server died between the worker's execution_start and writing it down: still queued, no start.
    await t.db.update(generations).set({ status: 'queued', startedAt: null }).where(eq(generations.id, id!));
    dispatcher({ resumeAllOnStart: true });
    await waitForStatus(t, [id!], ['success'], 30_000);
    const [done] = await t.db.select().from(generations).where(eq(generations.id, id!));
    const history = (await (await fetch(`${worker!.url}/history/${done!.promptId}`)).json()) as Record<
      string,
      { status: { messages: [string, { timestamp: number }][] } }
    >;
    const messages = history[done!.promptId!]!.status.messages;
    const at = (type: string) => messages.find(([name]) => name === type)![1].timestamp;
    // The whole run, also the part before the restart: 7 steps of 150 ms on the preview worker.
    expect(done!.gpuSeconds).toBe((at('execution_success') - at('execution_start')) / 1000);
    expect(done!.gpuSeconds).toBeGreaterThan(0.9);
    expect((await getGeneration(t, m, id!)).gpu_seconds).toBe(done!.gpuSeconds);
  });

  it('lets another server adopt a job once the lease of its stopped tracker is stale', async () => {
    await workers(1, 150);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const first = testDispatcher(t);
    cleanups.push(() => first.stop());
    first.start();
    await waitForStatus(t, [id!], ['running']);
    await first.stop();
    const other = dispatcher({ staleMs: 1_000 });
    await other.tick();
    expect(other.activeCount).toBe(0);
    await waitForStatus(t, [id!], ['success'], 30_000);
  });

  it('never runs a job twice with two dispatchers on one database', async () => {
    const pool = await workers(3);
    const ids = await generate(t, m, m.shotIds, 8);
    dispatcher();
    dispatcher();
    await waitForStatus(t, ids, ['success'], 30_000);
    const counts = await Promise.all(pool.map(historyCount));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    const rows = await t.db.select().from(generations).where(inArray(generations.id, ids));
    expect(new Set(rows.map((r) => r.promptId)).size).toBe(ids.length);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
