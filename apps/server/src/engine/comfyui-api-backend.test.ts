import { ComfyApiWorker, signStandardWebhook, webhookSecretKey, type ComfyEvent } from '@cinegraph/comfy';
import { startComfyApiFake, startDevWorker, type ComfyApiFake } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comfyApiDeliveries, generations, nodes, workers as workerRows } from '../db/schema';
import { startListeningTestApp } from '../routes/assets/listening-test-app';
import { storedFileKey } from '../services/assets/stored-files';
import { startS3rver } from '../storage/s3rver-test-server';
import type { TestApp } from '../test/test-app';
import {
  generate,
  generationMovie,
  submitThenCrash,
  getGeneration,
  setShotDescriptionInput,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { comfyApiInbox, comfyApiWebhookUrl } from './comfyui-api-deliveries';
import { comfyApiOutputBucket } from './comfyui-api-outputs';
import type { Dispatcher, DispatcherOptions } from './dispatcher';
import { WorkerPool } from './worker-pool';

const SECRET = Buffer.from('a shared comfyui-api secret').toString('base64');
const KEY = webhookSecretKey(SECRET);
let t: TestApp & { baseUrl: string };
let m: GenerationMovie;
let api: ComfyApiFake;
let comfyUrl: string;
let dispatcher: Dispatcher;
/** How the comfyui-api fake uploads outputs when a job asks for its `s3` option. */
let uploadToS3: (bucket: string, key: string, bytes: Uint8Array) => Promise<void>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  // Listening at its PUBLIC_URL: comfyui-api delivers outcomes to the studio's webhook over HTTP.
  t = await startListeningTestApp();
  t.config.comfyApiWebhookSecret = SECRET;
  m = await generationMovie(t);
  const comfy = await startDevWorker({ port: 0, stepMs: 30 });
  comfyUrl = comfy.url;
  api = await startComfyApiFake({
    comfyUrl: comfy.url,
    webhookSecret: SECRET,
    systemWebhookUrl: comfyApiWebhookUrl(t.config.publicUrl),
    uploadToS3: (bucket, key, bytes) => uploadToS3(bucket, key, bytes),
  });
  const pool = new WorkerPool({
    db: t.db,
    workers: [{ url: api.url, label: 'Salad', capacity: 2, backend: 'comfyui-api' }],
    healthIntervalMs: 60_000,
  });
  await pool.start();
  cleanups.push(
    () => comfy.close(),
    () => api.close(),
    () => pool.stop(),
  );
  startDispatcher();
});

/** A studio process's dispatcher; a restart is a stop and a new one adopting the running jobs. */
function startDispatcher(options: Partial<DispatcherOptions> = {}) {
  const started = testDispatcher(t, options);
  started.start();
  cleanups.push(() => started.stop());
  dispatcher = started;
}

async function row(id: string) {
  return (await t.db.select().from(generations).where(eq(generations.id, id)))[0]!;
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

describe('a comfyui-api server', () => {
  it("runs a job with the studio's chosen id and its signed webhook, timed by its own stats", async () => {
    const [row] = await t.db.select().from(workerRows);
    expect(row).toMatchObject({ backend: 'comfyui-api', healthy: true, comfyuiVersion: '1.18.0' });
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

  it("fails a job with comfyui-api's prompt.failed error, saying that comfyui-api gives no detail", async () => {
    await setShotDescriptionInput(t, m.shotIds[0]!, 'Mara trips [[fail: CUDA out of memory]]');
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['failed'], 30_000);
    expect((await getGeneration(t, m, id!)).inference.error_message).toBe(
      "Failed to get prompt outputs: the prompt failed or was interrupted (comfyui-api passes no detail on; ComfyUI's log has it)",
    );
  });
});

describe('a comfyui-api job across a studio restart', () => {
  it('takes the outcome delivered while no studio process followed the job, run once', async () => {
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['queued', 'running'], 30_000);
    await dispatcher.stop();
    // The webhook comes while the studio is down (or reaches another of its processes).
    const promptId = (await row(id!)).promptId!;
    for (;;) {
      const [kept] = await t.db
        .select()
        .from(comfyApiDeliveries)
        .where(eq(comfyApiDeliveries.promptId, promptId));
      if (kept?.delivery) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await row(id!)).status).not.toBe('success');

    startDispatcher({ resumeAllOnStart: true });
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const take = await getGeneration(t, m, id!);
    expect(take.inference.error_message).toBeNull();
    expect(take.output).not.toBeNull();
    expect(api.received.map((r) => r.id)).toEqual([promptId]);
  });

  it('follows a prompt submitted just before a crash (recorded, not yet queued) without sending it again', async () => {
    await dispatcher.stop();
    const worker = new ComfyApiWorker({
      baseUrl: api.url,
      webhookUrl: comfyApiWebhookUrl(t.config.publicUrl),
      inbox: comfyApiInbox(t.db, t.storage),
    });
    const { id, chosen } = await submitThenCrash(t, m, worker);
    expect((await row(id)).status).toBe('assigned');

    startDispatcher({ resumeAllOnStart: true });
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const done = await row(id);
    expect(done).toMatchObject({ status: 'success', attempts: 1, promptId: chosen });
    expect(api.received.map((r) => r.id)).toEqual([chosen]);
  });
});

describe('a cancel of a prompt still queued on comfyui-api', () => {
  it('makes no take and frees the slot at once, though ComfyUI may run the prompt to its end (its /interrupt skips queued ones)', async () => {
    const ids = await generate(t, m, [m.shotIds[0]!, m.shotIds[1]!], 1);
    await waitForStatus(t, ids, ['queued', 'running'], 30_000);
    const queued = (await row(ids[1]!)).promptId!;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/cancel_generation/${ids[1]}`,
      headers: { cookie: m.user.cookie },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A third job takes the freed slot at once.
    const [next] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [ids[0]!, next!], ['success'], 30_000);
    for (;;) {
      const [kept] = await t.db
        .select()
        .from(comfyApiDeliveries)
        .where(eq(comfyApiDeliveries.promptId, queued));
      // Its outcome comes all the same (complete when it was still queued, failed when it had started).
      if (kept?.delivery) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await row(ids[1]!)).toMatchObject({ status: 'cancelled', output: null });
  }, 60_000);
});

describe('a comfyui-api job whose outcome can no longer come (comfyui-api keeps prompts in memory, tries a delivery 3 times)', () => {
  it('goes back to the queue when comfyui-api is killed mid-job, and runs once it is back', async () => {
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['queued', 'running'], 30_000);
    const port = Number(new URL(api.url).port);
    await api.close();
    // Two failed /health calls (2 s apart) while the job waits: the server went away with its prompts.
    await waitForStatus(t, [id!], ['pending'], 15_000);
    api = await startComfyApiFake({
      comfyUrl,
      webhookSecret: SECRET,
      systemWebhookUrl: comfyApiWebhookUrl(t.config.publicUrl),
      port,
    });
    cleanups.push(() => api.close());
    await t.db.update(workerRows).set({ healthy: true }); // as the pool's next health check finds it
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const done = await row(id!);
    expect(done, done.errorMessage ?? '').toMatchObject({ status: 'success', attempts: 2 });
  }, 60_000);

  it('goes back to the queue when its outcome was dropped while the studio was down, after COMFYUI_API_LOST_AFTER_S', async () => {
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['queued', 'running'], 30_000);
    const first = (await row(id!)).promptId!;
    await dispatcher.stop();
    // The studio refuses every delivery meanwhile: comfyui-api tries three times, a second apart, then drops it.
    t.config.comfyApiWebhookSecret = Buffer.from('not the secret comfyui-api signs with').toString('base64');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    t.config.comfyApiWebhookSecret = SECRET;
    const [kept] = await t.db.select().from(comfyApiDeliveries).where(eq(comfyApiDeliveries.promptId, first));
    expect(kept?.delivery ?? null).toBeNull();

    startDispatcher({ resumeAllOnStart: true, comfyApiLostAfterMs: 3_000 });
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const done = await row(id!);
    expect(done, done.errorMessage ?? '').toMatchObject({ status: 'success', attempts: 2 });
    expect(api.received.map((r) => r.id)).toEqual([first, (await row(id!)).promptId]);
  }, 60_000);
});

describe("comfyui-api outputs uploaded to the studio's S3 bucket", () => {
  it('are read back from the bucket into the take, and only from under the prefix', async () => {
    const s3rver = await startS3rver();
    cleanups.push(() => s3rver.stop());
    const bucket = s3rver.storage;
    const uploaded: string[] = [];
    uploadToS3 = async (name, key, bytes) => {
      expect(name).toBe(s3rver.bucket);
      uploaded.push(key);
      await bucket.put(key, Buffer.from(bytes), 'image/png');
    };
    // The studio's storage is that bucket: its workflow file is there too.
    const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
    for (const link of [node!.workflowApiLink, node!.workflowLink]) {
      const key = link && storedFileKey(t.config.publicUrl, link);
      const file = key && (await t.storage.get(key));
      if (file) await bucket.put(key, file.body, file.contentType);
    }
    await dispatcher.stop();
    const outputs = { bucket: s3rver.bucket, prefix: 'comfyui-api-outputs/' };
    startDispatcher({ storage: bucket, comfyApiOutputs: outputs });

    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const take = await getGeneration(t, m, id!);
    expect(take.inference.error_message).toBeNull();
    expect(api.received.map((r) => r.s3)).toEqual([outputs]);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]).toMatch(/^comfyui-api-outputs\//);
    const stored = await bucket.get(storedFileKey(t.config.publicUrl, take.output!.url)!);
    expect(stored?.body.equals((await bucket.get(uploaded[0]!))!.body)).toBe(true);

    // A delivery naming another object of the bucket is refused.
    await bucket.put('users/someone/private.png', Buffer.from('private'), 'image/png');
    await expect(comfyApiOutputBucket(bucket, outputs).read('users/someone/private.png')).rejects.toThrow(
      /outside comfyui-api-outputs/,
    );
  });
});

describe("the studio's comfyui-api webhook", () => {
  const url = '/api/v1/workers/comfyui-api/webhook';
  const body = JSON.stringify({ type: 'prompt.failed', id: 'someone', error: 'forged', prompt: {} });
  const signed = (secret: string, timestamp = Math.floor(Date.now() / 1000)) => ({
    'content-type': 'application/json',
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signStandardWebhook(body, webhookSecretKey(secret), 'msg_1', timestamp),
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
      headers: signed(Buffer.from('another secret, not shared').toString('base64')),
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

  it("keeps comfyui-api's signed comfy.* system events and outcome for the job waiting on the prompt", async () => {
    const post = async (payload: unknown) => {
      const text = JSON.stringify(payload);
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        'webhook-id': `msg_${text.length}`,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook(text, KEY, `msg_${text.length}`, timestamp),
      };
      const response = await t.app.inject({ method: 'POST', url, payload: text, headers });
      expect(response.json()).toEqual({ received: true });
    };
    const progress = { type: 'progress', data: { value: 2, max: 4, prompt_id: 'p-progress', node: '4' } };
    await post({
      event: 'comfy.execution_start',
      data: { type: 'execution_start', data: { prompt_id: 'p-progress' } },
    });
    await post({ event: 'comfy.progress', data: progress, metadata: {} });
    await post({ type: 'prompt.failed', id: 'p-progress', error: 'done', prompt: {} });
    // A progress event that comes late does not hide the outcome.
    await post({ event: 'comfy.progress', data: progress, metadata: {} });

    // Any studio process reads them from the database, as the job's connection polls.
    const worker = new ComfyApiWorker({
      baseUrl: api.url,
      webhookUrl: '',
      inbox: comfyApiInbox(t.db, t.storage),
    });
    const seen: ComfyEvent[] = [];
    const outcome = await worker.waitForPrompt('p-progress', { pollMs: 10, onProgress: (e) => seen.push(e) });
    expect(outcome).toMatchObject({ status: 'failed', message: 'done' });
    expect(seen.map((e) => [e.type, (e.data as { value?: number }).value])).toEqual([
      ['execution_start', undefined],
      ['progress', 2],
    ]);
  });

  it('answers 404 when no secret is configured', async () => {
    t.config.comfyApiWebhookSecret = null;
    const response = await t.app.inject({ method: 'POST', url, payload: body, headers: signed(SECRET) });
    expect(response.statusCode).toBe(404);
  });
});
