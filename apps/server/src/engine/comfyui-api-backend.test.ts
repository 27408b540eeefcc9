import { signStandardWebhook } from '@cinegraph/comfy';
import { startComfyApiFake, startDevWorker, type ComfyApiFake } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generations, workers as workerRows } from '../db/schema';
import { startListeningTestApp } from '../routes/assets/listening-test-app';
import { storedFileKey } from '../services/assets/stored-files';
import type { TestApp } from '../test/test-app';
import {
  generate,
  generationMovie,
  getGeneration,
  setShotDescriptionInput,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { comfyApiDeliveries, comfyApiWebhookUrl } from './comfyui-api-deliveries';
import { WorkerPool } from './worker-pool';

const SECRET = `whsec_${Buffer.from('a shared comfyui-api secret').toString('base64')}`;
let t: TestApp & { baseUrl: string };
let m: GenerationMovie;
let api: ComfyApiFake;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  // Listening at its PUBLIC_URL: comfyui-api delivers outcomes to the studio's webhook over HTTP.
  t = await startListeningTestApp();
  t.config.comfyApiWebhookSecret = SECRET;
  m = await generationMovie(t);
  const comfy = await startDevWorker({ port: 0, stepMs: 30 });
  api = await startComfyApiFake({
    comfyUrl: comfy.url,
    webhookSecret: SECRET,
    systemWebhookUrl: comfyApiWebhookUrl(t.config.publicUrl),
  });
  const pool = new WorkerPool({
    db: t.db,
    workers: [{ url: api.url, label: 'Salad', capacity: 2, backend: 'comfyui-api' }],
    healthIntervalMs: 60_000,
  });
  await pool.start();
  const dispatcher = testDispatcher(t);
  dispatcher.start();
  cleanups.push(
    () => comfy.close(),
    () => api.close(),
    () => pool.stop(),
    () => dispatcher.stop(),
  );
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

describe('a comfyui-api server', () => {
  it("runs a job with the studio's chosen id and its signed webhook, timed by its own stats", async () => {
    const [row] = await t.db.select().from(workerRows);
    expect(row).toMatchObject({ backend: 'comfyui-api', healthy: true, comfyuiVersion: '1.9.0' });
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const take = await getGeneration(t, m, id!);
    expect(take.inference.error_message).toBeNull();
    expect(
      (await t.storage.head(storedFileKey(t.config.publicUrl, take.output!.url)!))?.size,
    ).toBeGreaterThan(0);
    expect(take.gpu_seconds).toBeGreaterThan(0);
    const [done] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(api.received.map((r) => [r.id, r.webhook_v2])).toEqual([
      [done!.promptId, comfyApiWebhookUrl(t.config.publicUrl)],
    ]);
  });

  it("fails a job with comfyui-api's prompt.failed error", async () => {
    await setShotDescriptionInput(t, m.shotIds[0]!, 'Mara trips [[fail: CUDA out of memory]]');
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['failed'], 30_000);
    expect((await getGeneration(t, m, id!)).inference.error_message).toContain('CUDA out of memory');
  });
});

describe("the studio's comfyui-api webhook", () => {
  const url = '/api/v1/workers/comfyui-api/webhook';
  const body = JSON.stringify({ type: 'prompt.failed', id: 'someone', error: 'forged', prompt: {} });
  const signed = (secret: string, timestamp = Math.floor(Date.now() / 1000)) => ({
    'content-type': 'application/json',
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signStandardWebhook(body, secret, 'msg_1', timestamp),
  });

  it('is public but takes only deliveries signed with the shared secret, recent ones', async () => {
    const unsigned = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ detail: 'The delivery is not signed.' });
    const forged = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: signed('whsec_b3RoZXI='),
    });
    expect(forged.json()).toEqual({ detail: 'The delivery signature does not match.' });
    const replayed = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: signed(SECRET, Math.floor(Date.now() / 1000) - 3600),
    });
    expect(replayed.json()).toEqual({ detail: 'The delivery is too old or too new.' });
    const good = await t.app.inject({ method: 'POST', url, payload: body, headers: signed(SECRET) });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ received: true });
  });

  it("moves a waiting job's progress with comfyui-api's signed comfy.progress system events", async () => {
    const seen: unknown[] = [];
    const waiting = comfyApiDeliveries.wait('p-progress', (event) => seen.push(event));
    const progress = { type: 'progress', data: { value: 2, max: 4, prompt_id: 'p-progress', node: '4' } };
    const system = JSON.stringify({ event: 'comfy.progress', data: progress, metadata: {} });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signStandardWebhook(system, SECRET, 'msg_2', timestamp),
    };
    const response = await t.app.inject({ method: 'POST', url, payload: system, headers });
    expect(response.json()).toEqual({ received: true });
    expect(seen).toEqual([progress]);
    comfyApiDeliveries.deliver({ type: 'prompt.failed', id: 'p-progress', error: 'done' });
    await expect(waiting).resolves.toMatchObject({ type: 'prompt.failed' });
  });

  it('answers 404 when no secret is configured', async () => {
    t.config.comfyApiWebhookSecret = null;
    const response = await t.app.inject({ method: 'POST', url, payload: body, headers: signed(SECRET) });
    expect(response.statusCode).toBe(404);
  });
});
