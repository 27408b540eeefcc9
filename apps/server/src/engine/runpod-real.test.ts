import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../db/schema';
import { startListeningTestApp } from '../routes/assets/listening-test-app';
import type { TestApp } from '../test/test-app';
import type { Dispatcher } from './dispatcher';
import {
  generate,
  generationMovie,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { STILL_WORKFLOW } from './still-workflow';
import {
  addThirdShot,
  expectTakesAsWritten,
  imageWorkflow,
  seconds,
  startPeerPool,
  useWorkflow,
} from './real-peer-support';
import type { WorkerPool } from './worker-pool';

/**
 * The studio in front of RunPod's REAL worker-comfyui 5.8.5 handler, run by the runpod SDK 1.12.0's own
 * worker loop, in front of the real ComfyUI 0.8.0 (fixtures/runpod/README.md says how): not run in CI.
 * RUNPOD_REAL_URL is the endpoint (`packages/dev-worker/src/runpod-record.ts`, which answers RunPod's
 * hosted API as documented and hands jobs to the SDK worker), RUNPOD_REAL_KEY its API key,
 * RUNPOD_REAL_COMFY_OUTPUT ComfyUI's output folder (worker-comfyui leaves the files there),
 * RUNPOD_REAL_NOISE_URL a 1000x1000 noise PNG the node pack downloads.
 */
const env = process.env;
const real = env.RUNPOD_REAL_URL;
if (!real) console.log('runpod-real: skipped (RUNPOD_REAL_URL is not set; see the file header)');

describe.skipIf(!real)('the studio with the real worker-comfyui and ComfyUI', () => {
  let t: TestApp;
  let m: GenerationMovie;
  let pool: WorkerPool;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    t = await startListeningTestApp();
    m = await generationMovie(t);
    await addThirdShot(t, m);
    pool = await startPeerPool(t, {
      url: real!,
      label: 'RunPod',
      capacity: 2,
      backend: 'runpod',
      apiKey: env.RUNPOD_REAL_KEY,
    });
    dispatcher = testDispatcher(t, { pollMs: 250, intervalMs: 250 });
    dispatcher.start();
  }, 120_000);

  afterAll(async () => {
    await dispatcher?.stop();
    await pool?.stop();
    await t?.close();
  });

  async function rows(ids: string[]) {
    return t.db.select().from(generations).where(inArray(generations.id, ids));
  }

  /** Each take's bytes against the file ComfyUI wrote for it (worker-comfyui leaves it there). */
  async function checkTakes(ids: string[]) {
    await expectTakesAsWritten(t.storage, t.config.publicUrl, await rows(ids), (row) =>
      path.join(env.RUNPOD_REAL_COMFY_OUTPUT!, 'cinegraph', `${row.id}_00001_.png`),
    );
  }

  it('runs a batch of 3 shots x 2 takes to success, takes byte-identical to what ComfyUI wrote', async () => {
    const started = Date.now();
    const ids = await generate(t, m, m.shotIds.slice(0, 3), 2);
    expect(ids).toHaveLength(6);
    await waitForStatus(t, ids, ['success', 'failed'], 180_000);
    const done = await rows(ids);
    console.log(
      `batch: ${done.map((r) => `${r.status} ${r.gpuSeconds}s`).join(', ')} in ${seconds(started)} s`,
    );
    expect(done.map((r) => [r.status, r.errorMessage])).toEqual(ids.map(() => ['success', null]));
    await checkTakes(ids);
  }, 240_000);

  it("fails a take with worker-comfyui's own words when its workflow fails in ComfyUI", async () => {
    await useWorkflow(t, m, imageWorkflow('no-such-file.png'));
    const ids = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await waitForStatus(t, ids, ['success', 'failed'], 120_000);
    const [done] = await rows(ids);
    console.log(`workflow error: ${done!.status} after ${done!.attempts} attempts: ${done!.errorMessage}`);
    expect(done!.status).toBe('failed');
    expect(done!.errorMessage).toMatch(/No image file 'no-such-file.png'/);
  }, 180_000);

  it('keeps an output over 2 MB (a 1000x1000 noise PNG) returned base64', async () => {
    await useWorkflow(t, m, imageWorkflow(env.RUNPOD_REAL_NOISE_URL));
    const ids = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await waitForStatus(t, ids, ['success', 'failed'], 120_000);
    const [done] = await rows(ids);
    const bytes = (done!.output as { bytes: number } | null)?.bytes;
    console.log(`big output: ${done!.status} ${bytes} bytes ${done!.errorMessage ?? ''}`);
    expect(done!.status).toBe('success');
    expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    await checkTakes(ids);
    await useWorkflow(t, m, STILL_WORKFLOW);
  }, 180_000);
});
