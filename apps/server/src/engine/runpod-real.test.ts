import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, nodes, shots } from '../db/schema';
import { startListeningTestApp } from '../routes/assets/listening-test-app';
import { storedFileKey } from '../services/assets/stored-files';
import { applyWorkflowToNode } from '../services/workflows/node-workflow';
import { readWorkflow } from '../services/workflows/workflow-handles';
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
import { WorkerPool } from './worker-pool';

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

const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);

describe.skipIf(!real)('the studio with the real worker-comfyui and ComfyUI', () => {
  let t: TestApp;
  let m: GenerationMovie;
  let pool: WorkerPool;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    t = await startListeningTestApp();
    m = await generationMovie(t);
    const [first] = await t.db.select().from(shots).where(eq(shots.id, m.shotIds[0]!));
    const { id: _id, ...copy } = first!;
    const [third] = await t.db
      .insert(shots)
      .values({ ...copy, index: 99 })
      .returning();
    m.shotIds.push(third!.id);
    pool = new WorkerPool({
      db: t.db,
      workers: [{ url: real!, label: 'RunPod', capacity: 2, backend: 'runpod', apiKey: env.RUNPOD_REAL_KEY }],
      healthIntervalMs: 2_000,
    });
    await pool.start();
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

  async function useWorkflow(workflow: object) {
    const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
    const text = JSON.stringify(workflow);
    await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, node!, {
      workflow: readWorkflow(text),
      ui: null,
      api: text,
    });
  }

  /** Each take's bytes against the file ComfyUI wrote for it. */
  async function checkTakes(ids: string[]) {
    for (const row of await rows(ids)) {
      if (row.status !== 'success') continue;
      const output = row.output as { url: string };
      const stored = await t.storage.get(storedFileKey(t.config.publicUrl, output.url)!);
      const written = readFileSync(
        path.join(env.RUNPOD_REAL_COMFY_OUTPUT!, 'cinegraph', `${row.id}_00001_.png`),
      );
      expect(stored!.body.equals(written), `take ${row.id} is what ComfyUI wrote`).toBe(true);
    }
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
    await useWorkflow({
      '1': { class_type: 'CinegraphInputImage', inputs: { name: 'Image', default: 'no-such-file.png' } },
      '2': { class_type: 'CinegraphInputText', inputs: { name: 'Prompt', default: '' } },
      '4': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['1', 0] } },
    });
    const ids = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await waitForStatus(t, ids, ['success', 'failed'], 120_000);
    const [done] = await rows(ids);
    console.log(`workflow error: ${done!.status} after ${done!.attempts} attempts: ${done!.errorMessage}`);
    expect(done!.status).toBe('failed');
    expect(done!.errorMessage).toMatch(/No image file 'no-such-file.png'/);
  }, 180_000);

  it('keeps an output over 2 MB (a 1000x1000 noise PNG) returned base64', async () => {
    await useWorkflow({
      '1': {
        class_type: 'CinegraphInputImage',
        inputs: { name: 'Image', default: env.RUNPOD_REAL_NOISE_URL },
      },
      '2': { class_type: 'CinegraphInputText', inputs: { name: 'Prompt', default: '' } },
      '4': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['1', 0] } },
    });
    const ids = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await waitForStatus(t, ids, ['success', 'failed'], 120_000);
    const [done] = await rows(ids);
    const bytes = (done!.output as { bytes: number } | null)?.bytes;
    console.log(`big output: ${done!.status} ${bytes} bytes ${done!.errorMessage ?? ''}`);
    expect(done!.status).toBe('success');
    expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    await checkTakes(ids);
    await useWorkflow(STILL_WORKFLOW);
  }, 180_000);
});
