import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, nodes, workers } from '../db/schema';
import { storedFileKey } from '../services/assets/stored-files';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  generate,
  generationMovie,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import type { Dispatcher } from './dispatcher';
import { startS3rver } from '../storage/s3rver-test-server';
import {
  addThirdShot,
  expectTakesAsWritten,
  imageWorkflow,
  seconds,
  setResolution,
  startPeerPool,
  useWorkflow,
} from './real-peer-support';
import type { WorkerPool } from './worker-pool';

/**
 * The studio in front of the REAL comfyui-api 1.18.0 in front of the real ComfyUI 0.8.0 (the kits of
 * ../shared/peers/comfyui and comfyui-api, run by hand, see the README's GPU backends section): not run
 * in CI. COMFYUI_API_REAL_URL is comfyui-api's address (or a recording proxy in front of it); the studio
 * listens on COMFYUI_API_REAL_STUDIO_PORT and comfyui-api reaches it at COMFYUI_API_REAL_PUBLIC_URL
 * (its SYSTEM_WEBHOOK_URL must be that address's webhook); COMFYUI_API_REAL_SECRET is both sides'
 * secret; COMFYUI_API_REAL_KEPT is a folder where every file ComfyUI wrote is hard-linked before
 * comfyui-api deletes it; COMFYUI_API_REAL_KILL and _START kill -9 and start comfyui-api;
 * COMFYUI_API_REAL_STUDIO_DOWN and _UP cut and restore comfyui-api's way to the studio.
 */
const env = process.env;
const real = env.COMFYUI_API_REAL_URL;
if (!real) console.log('comfyui-api-real: skipped (COMFYUI_API_REAL_URL is not set; see the file header)');

const sh = (command: string | undefined) => command && execSync(command, { stdio: 'inherit' });

describe.skipIf(!real)('the studio with the real comfyui-api and ComfyUI', () => {
  let t: TestApp;
  let m: GenerationMovie;
  let pool: WorkerPool;
  let dispatcher: Dispatcher;
  const startDispatcher = (resumeAllOnStart = false) => {
    dispatcher = testDispatcher(t, {
      pollMs: 250,
      intervalMs: 250,
      resumeAllOnStart,
      comfyApiLostAfterMs: 90_000,
    });
    dispatcher.start();
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: env.COMFYUI_API_REAL_PUBLIC_URL!,
        COMFYUI_API_WEBHOOK_SECRET: env.COMFYUI_API_REAL_SECRET!,
      },
    });
    await t.app.listen({ port: Number(env.COMFYUI_API_REAL_STUDIO_PORT), host: '127.0.0.1' });
    m = await generationMovie(t);
    await addThirdShot(t, m);
    pool = await startPeerPool(t, { url: real!, label: 'comfyui-api', capacity: 2, backend: 'comfyui-api' });
    startDispatcher();
  }, 120_000);

  afterAll(async () => {
    await dispatcher?.stop();
    await pool?.stop();
    await t?.close();
  });

  async function rows(ids: string[]) {
    return t.db.select().from(generations).where(inArray(generations.id, ids));
  }

  /** Each take's bytes against the file ComfyUI wrote for its prompt (kept before comfyui-api deletes it). */
  async function checkTakes(ids: string[]) {
    await expectTakesAsWritten(t.storage, t.config.publicUrl, await rows(ids), (row) =>
      path.join(env.COMFYUI_API_REAL_KEPT!, `${row.promptId}_cinegraph_${row.id}_00001_.png`),
    );
  }

  it('runs a batch of 3 shots x 2 takes to success, takes byte-identical to what ComfyUI wrote', async () => {
    const started = Date.now();
    const ids = await generate(t, m, m.shotIds.slice(0, 3), 2);
    expect(ids).toHaveLength(6);
    await waitForStatus(t, ids, ['success', 'failed'], 120_000);
    const done = await rows(ids);
    console.log(
      `batch: ${done.map((r) => `${r.status} ${r.gpuSeconds}s`).join(', ')} in ${seconds(started)} s`,
    );
    expect(done.map((r) => [r.status, r.errorMessage])).toEqual(ids.map(() => ['success', null]));
    await checkTakes(ids);
  }, 180_000);

  it('cancels jobs mid-batch: no take for them, the rest succeed', async () => {
    await setResolution(t, m, [4096, 4096]);
    const ids = await generate(t, m, m.shotIds.slice(0, 3), 2);
    await waitForStatus(t, ids.slice(0, 1), ['running', 'success'], 60_000);
    const cancelled = ids.slice(2, 5);
    for (const id of cancelled) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/generations/cancel_generation/${id}`,
        headers: { cookie: m.user.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const started = Date.now();
    await waitForStatus(t, ids, ['success', 'failed', 'cancelled'], 180_000);
    const done = await rows(ids);
    console.log(
      `cancel: ${done.map((r) => r.status).join(', ')}; rest done ${seconds(started)} s after the cancels`,
    );
    for (const row of done) {
      expect(row.status).toBe(cancelled.includes(row.id) ? 'cancelled' : 'success');
      if (cancelled.includes(row.id)) expect(row.output).toBeNull();
    }
    await checkTakes(ids);
  }, 240_000);

  it('sends the jobs of a comfyui-api killed mid-job (kill -9, then started again) back to the queue, and runs them', async () => {
    await setResolution(t, m, [2048, 2048]);
    const ids = await generate(t, m, m.shotIds.slice(0, 2), 1);
    await waitForStatus(t, ids.slice(0, 1), ['running'], 60_000);
    const killed = Date.now();
    sh(env.COMFYUI_API_REAL_KILL);
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    sh(env.COMFYUI_API_REAL_START);
    await waitForStatus(t, ids, ['success', 'failed'], 300_000);
    const done = await rows(ids);
    console.log(
      `kill -9 comfyui-api: ${done.map((r) => `${r.status} after ${r.attempts} attempts`).join(', ')}; ${seconds(killed)} s after the kill`,
    );
    expect(done.map((r) => r.status)).toEqual(['success', 'success']);
    expect(Math.max(...done.map((r) => r.attempts))).toBeGreaterThan(1);
    await checkTakes(ids);
  }, 360_000);

  it('requeues a job whose outcome comfyui-api dropped while the studio was down (12 s), within the bounds', async () => {
    await setResolution(t, m, [3072, 3072]);
    const ids = await generate(t, m, m.shotIds.slice(0, 3), 1);
    // Down as soon as the first prompt is with comfyui-api: its outcome comes while nobody answers.
    await waitForStatus(t, ids.slice(0, 1), ['queued', 'running'], 60_000);
    const down = Date.now();
    await dispatcher.stop();
    try {
      sh(env.COMFYUI_API_REAL_STUDIO_DOWN);
      await new Promise((resolve) => setTimeout(resolve, 12_000));
    } finally {
      sh(env.COMFYUI_API_REAL_STUDIO_UP);
      startDispatcher(true);
    }
    await waitForStatus(t, ids, ['success', 'failed'], 300_000);
    const done = await rows(ids);
    console.log(
      `studio down 12 s: ${done.map((r) => `${r.status} after ${r.attempts} attempts`).join(', ')}; ${seconds(down)} s after it went down`,
    );
    expect(done.map((r) => r.status)).toEqual(ids.map(() => 'success'));
    await checkTakes(ids);
  }, 360_000);

  it('keeps an output over 2 MB (a 1000x1000 noise PNG) delivered base64', async () => {
    await useWorkflow(t, m, imageWorkflow(env.COMFYUI_API_REAL_NOISE_URL));
    const ids = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await waitForStatus(t, ids, ['success', 'failed'], 120_000);
    const [done] = await rows(ids);
    const bytes = (done!.output as { bytes: number } | null)?.bytes;
    console.log(`big output: ${done!.status} ${bytes} bytes ${done!.errorMessage ?? ''}`);
    expect(done!.status).toBe('success');
    expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    await checkTakes(ids);
  }, 180_000);

  it("uploads outputs to the studio's bucket (s3rver) with COMFYUI_API_S3_PREFIX, read back into the take", async () => {
    const s3 = await startS3rver();
    try {
      const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
      for (const link of [node!.workflowApiLink, node!.workflowLink]) {
        const key = link && storedFileKey(t.config.publicUrl, link);
        const file = key && (await t.storage.get(key));
        if (file) await s3.storage.put(key, file.body, file.contentType);
      }
      // comfyui-api's own S3 client (AWS SDK v3) reaches s3rver by the SDK's standard settings.
      Object.assign(process.env, {
        AWS_REGION: 'us-east-1',
        AWS_ENDPOINT_URL: s3.endpoint,
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
      sh(env.COMFYUI_API_REAL_KILL);
      sh(env.COMFYUI_API_REAL_START);
      await dispatcher.stop();
      const outputs = { bucket: s3.bucket, prefix: 'comfyui-api-outputs/' };
      dispatcher = testDispatcher(t, {
        pollMs: 250,
        intervalMs: 250,
        storage: s3.storage,
        comfyApiOutputs: outputs,
      });
      dispatcher.start();
      await t.db.update(workers).set({ healthy: true });
      const ids = await generate(t, m, m.shotIds.slice(0, 1), 1);
      await waitForStatus(t, ids, ['success', 'failed'], 120_000);
      const [done] = await rows(ids);
      const output = done!.output as { url: string; bytes: number } | null;
      console.log(`s3: ${done!.status} ${output?.bytes} bytes ${done!.errorMessage ?? ''}`);
      expect(done!.status).toBe('success');
      const uploaded = `comfyui-api-outputs/${done!.promptId}_cinegraph_${done!.id}_00001_.png`;
      const stored = await s3.storage.get(storedFileKey(t.config.publicUrl, output!.url)!);
      expect(stored!.body.equals((await s3.storage.get(uploaded))!.body)).toBe(true);
      const kept = path.join(
        env.COMFYUI_API_REAL_KEPT!,
        `${done!.promptId}_cinegraph_${done!.id}_00001_.png`,
      );
      expect(stored!.body.equals(readFileSync(kept))).toBe(true);
    } finally {
      await s3.stop();
    }
  }, 240_000);
});
