import {
  startDevWorker,
  startRunPodFake,
  type RunPodFake,
  type RunPodFakeOptions,
} from '@cinegraph/dev-worker';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generations, workers as workerRows } from '../db/schema';
import { storedFileKey } from '../services/assets/stored-files';
import type { TestApp } from '../test/test-app';
import {
  generate,
  eachTestWithGenerationMovie,
  getGeneration,
  setShotDescriptionInput,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { WorkerPool, type SharedWorker } from './worker-pool';

const API_KEY = 'rp_test_key';
let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

/** A RunPod endpoint (the fake in front of a dev worker), registered as a shared worker. */
async function runpod(options: Partial<RunPodFakeOptions> & { stepMs?: number } = {}): Promise<RunPodFake> {
  const comfy = await startDevWorker({ port: 0, stepMs: options.stepMs ?? 5 });
  const fake = await startRunPodFake({ comfyUrl: comfy.url, apiKey: API_KEY, ...options });
  cleanups.push(
    () => comfy.close(),
    () => fake.close(),
  );
  return fake;
}

async function pool(workers: SharedWorker[]): Promise<WorkerPool> {
  const started = new WorkerPool({ db: t.db, workers, healthIntervalMs: 60_000 });
  await started.start();
  cleanups.push(() => started.stop());
  return started;
}

function dispatcher(options: { resumeAllOnStart?: boolean } = {}) {
  const d = testDispatcher(t, options);
  cleanups.push(() => d.stop());
  d.start();
  return d;
}

const endpoint = (fake: RunPodFake, capacity = 2): SharedWorker => ({
  url: fake.url,
  label: 'RunPod',
  capacity,
  backend: 'runpod',
  apiKey: API_KEY,
});

describe('a RunPod serverless endpoint with worker-comfyui', () => {
  it('runs jobs to takes through /run and /status, timed by the endpoint, with its queue and cold starts seen', async () => {
    const fake = await runpod({ coldStartMs: 1_500, workers: 1 });
    const health = await pool([endpoint(fake)]);
    const read = async () => (await t.db.select().from(workerRows))[0]!;
    expect(await read()).toMatchObject({ backend: 'runpod', healthy: true, queueDepth: 0, coldStarts: 0 });
    expect((await read()).servesEditor).toBe(false);

    const ids = await generate(t, m, m.shotIds, 2);
    dispatcher();
    // One worker starting (a cold start) while the other jobs wait in the endpoint's queue.
    for (let seen = await read(); !(seen.coldStarts === 1 && seen.queueDepth! > 0); seen = await read()) {
      await health.checkHealth();
    }
    await waitForStatus(t, ids, ['success', 'failed'], 60_000);
    for (const id of ids) {
      const take = await getGeneration(t, m, id);
      expect(take.status).toBe('success');
      expect(take.output?.type).toBe('image');
      expect(
        (await t.storage.head(storedFileKey(t.config.publicUrl, take.output!.url)!))?.size,
      ).toBeGreaterThan(0);
      expect(take.gpu_seconds).toBeGreaterThan(0);
    }
    expect(fake.received.map((body) => Object.keys(body.input).sort())).toEqual(
      ids.map(() => ['images', 'workflow']),
    );
  });

  it("fails a job with worker-comfyui's message, and a job past the execution timeout as TIMED_OUT", async () => {
    const fake = await runpod();
    const slow = await runpod({ stepMs: 400, executionTimeoutMs: 300 });
    await pool([endpoint(fake, 1)]);
    await setShotDescriptionInput(t, m.shotIds[0]!, 'Mara trips [[fail: CUDA out of memory]]');
    const [failing] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    await waitForStatus(t, [failing!], ['failed'], 30_000);
    expect((await getGeneration(t, m, failing!)).inference.error_message).toMatch(
      /^Job processing failed: Workflow execution error: .*CUDA out of memory/,
    );

    await t.db.delete(workerRows);
    await pool([{ ...endpoint(slow, 1), label: 'slow' }]);
    const [late] = await generate(t, m, [m.shotIds[1]!], 1);
    await waitForStatus(t, [late!], ['failed'], 30_000);
    expect((await getGeneration(t, m, late!)).inference.error_message).toBe(
      "The RunPod job ran past its endpoint's execution timeout.",
    );
  });

  it('cancels a job on RunPod when the studio cancels it', async () => {
    const fake = await runpod({ stepMs: 400 });
    await pool([endpoint(fake, 1)]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    await waitForStatus(t, [id!], ['queued', 'running'], 30_000);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/cancel_generation/${id}`,
      headers: { cookie: m.user.cookie },
    });
    expect(response.json()).toMatchObject({ status: 'cancelled' });
    const [row] = await t.db.select().from(generations).where(eq(generations.id, id!));
    const status = await fetch(`${fake.url}/status/${row!.promptId}`, {
      headers: { Authorization: `Bearer ${API_KEY}` },
    });
    expect(((await status.json()) as { status: string }).status).toBe('CANCELLED');
  });

  it("shows the step progress a streaming handler yields through /stream, as ComfyUI's", async () => {
    const fake = await runpod({ stepMs: 300, streamsProgress: true });
    await pool([endpoint(fake, 1)]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    const read = async () => (await t.db.select().from(generations).where(eq(generations.id, id!)))[0]!;
    for (let seen = await read(); !(seen.progress > 0 && seen.progress < 1); seen = await read()) {
      expect(seen.status).not.toBe('success');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await read()).status).toBe('running');
    await waitForStatus(t, [id!], ['success'], 30_000);
  });

  it('follows a job recorded as submitted after a studio restart, never sending it again', async () => {
    const fake = await runpod({ stepMs: 200 });
    await pool([endpoint(fake, 1)]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const first = dispatcher();
    await waitForStatus(t, [id!], ['queued', 'running'], 30_000);
    await first.stop();
    dispatcher({ resumeAllOnStart: true });
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const [done] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(done).toMatchObject({ status: 'success', attempts: 1 });
    expect(fake.received).toHaveLength(1);
  });

  it('is refused without its API key, and leaves routing', async () => {
    const fake = await runpod();
    await pool([{ ...endpoint(fake), apiKey: 'wrong' }]);
    const [row] = await t.db.select().from(workerRows);
    expect(row!.healthy).toBe(false);
    expect(row!.lastError).toContain('401');
  });
});

describe('routing over several backends', () => {
  it('spreads a batch over every backend with capacity', async () => {
    const comfy = await startDevWorker({ port: 0, stepMs: 20 });
    cleanups.push(() => comfy.close());
    const fake = await runpod({ stepMs: 20, workers: 2 });
    await pool([{ url: comfy.url, label: 'ComfyUI', capacity: 2, servesEditor: false }, endpoint(fake, 2)]);
    const ids = await generate(t, m, m.shotIds, 4);
    dispatcher();
    await waitForStatus(t, ids, ['success'], 60_000);
    const rows = await t.db.select().from(generations).where(inArray(generations.id, ids));
    const used = new Set(rows.map((r) => r.workerId));
    expect(used.size).toBe(2);
    expect(fake.received.length).toBeGreaterThan(0);
  });
});
