import { RunPodWorker } from '@cinegraph/comfy';
import { startDevWorker, startRunPodFake, type RunPodFake } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generations } from '../db/schema';
import { startListeningTestApp } from '../routes/assets/listening-test-app';
import type { TestApp } from '../test/test-app';
import {
  generationMovie,
  submitThenCrash,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { runpodWebhookUrl } from './runpod-jobs';
import { WorkerPool } from './worker-pool';

const API_KEY = 'rp_restart_key';
let t: TestApp & { baseUrl: string };
let m: GenerationMovie;
let fake: RunPodFake;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  // Listening at its PUBLIC_URL: RunPod calls the job's webhook over HTTP.
  t = await startListeningTestApp();
  m = await generationMovie(t);
  const comfy = await startDevWorker({ port: 0, stepMs: 100 });
  fake = await startRunPodFake({ comfyUrl: comfy.url, apiKey: API_KEY });
  const pool = new WorkerPool({
    db: t.db,
    workers: [{ url: fake.url, label: 'RunPod', capacity: 1, backend: 'runpod', apiKey: API_KEY }],
    healthIntervalMs: 60_000,
  });
  await pool.start();
  cleanups.push(
    () => comfy.close(),
    () => fake.close(),
    () => pool.stop(),
  );
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

describe('a RunPod job the studio crashed in the middle of submitting', () => {
  it('is found by its webhook and followed, never sent twice', async () => {
    // Submitted as startJob does (its id recorded first), then the studio "crashes" before RunPod's
    // id is recorded.
    const worker = new RunPodWorker({
      baseUrl: fake.url,
      apiKey: API_KEY,
      webhookUrl: (promptId) => runpodWebhookUrl(t.config.publicUrl, promptId),
    });
    const { id, chosen } = await submitThenCrash(t, m, worker);

    const dispatcher = testDispatcher(t, { resumeAllOnStart: true });
    cleanups.push(() => dispatcher.stop());
    dispatcher.start();
    await waitForStatus(t, [id], ['success', 'failed'], 30_000);
    const [done] = await t.db.select().from(generations).where(eq(generations.id, id));
    expect(done).toMatchObject({ status: 'success', attempts: 1 });
    expect(done!.gpuSeconds).toBeGreaterThan(0);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]!.webhook).toBe(runpodWebhookUrl(t.config.publicUrl, chosen));
  });

  it('refuses a webhook address the studio did not give', async () => {
    const forged = runpodWebhookUrl(t.config.publicUrl, 'p-1').replace('/p-1/', '/p-2/');
    const response = await fetch(forged, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'job-1', status: 'COMPLETED' }),
    });
    expect(response.status).toBe(401);
  });
});
