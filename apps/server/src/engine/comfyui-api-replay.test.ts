import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  ComfyApiWorker,
  signStandardWebhook,
  webhookSecretKey,
  type ApiPrompt,
  type ViewedFile,
} from '@cinegraph/comfy';
import { startComfyApiFake, startDevWorker } from '@cinegraph/dev-worker';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/test-app';
import { comfyApiInbox } from './comfyui-api-deliveries';
import { comfyApiOutputBucket } from './comfyui-api-outputs';
import { executionSecondsOf } from './gpu-time';
import { STILL_WORKFLOW } from './still-workflow';

/**
 * The real comfyui-api 1.18.0's answers and webhook deliveries, recorded byte for byte (fixtures/
 * comfyui-api, see its `about`), replayed to the studio: each test fails against the adapter written
 * from the documentation (dbc3593), which answered every real delivery 401 or `{"received": false}`.
 */
const fixtures = path.join(import.meta.dirname, 'fixtures/comfyui-api');
const recorded = JSON.parse(readFileSync(path.join(fixtures, 'exchanges.json'), 'utf8')) as Recording;
interface Delivery {
  recorded_at: string;
  headers: Record<string, string>;
  body: string;
}
interface Answer {
  method: string;
  path: string;
  request: string | null;
  status: number;
  content_type: string;
  answer: string;
}
interface Recording {
  webhook_secret: string;
  answers: Record<'prompt' | 'health' | 'ready' | 'interrupt_running' | 'interrupt_unknown', Answer>;
  deliveries: Record<'complete' | 'complete_s3' | 'execution_start' | 'failed', Delivery>;
  large_delivery_tries: { recorded_at: string; webhook_id: string }[];
}
const URL_PATH = '/api/v1/workers/comfyui-api/webhook';

let t: TestApp;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  t.config.comfyApiWebhookSecret = recorded.webhook_secret;
});

afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

/** Posts a recorded delivery as comfyui-api sent it, at the time it was sent (its signature is dated). */
async function replay(delivery: Pick<Delivery, 'headers' | 'recorded_at'>, body: string | Buffer) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(delivery.recorded_at));
  try {
    return await t.app.inject({ method: 'POST', url: URL_PATH, headers: delivery.headers, payload: body });
  } finally {
    vi.useRealTimers();
  }
}

function worker(baseUrl = 'http://comfyui-api.invalid') {
  return new ComfyApiWorker({ baseUrl, webhookUrl: '', inbox: comfyApiInbox(t.db, t.storage) });
}

async function bytesOf(file: ViewedFile): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("comfyui-api 1.18.0's recorded deliveries", () => {
  it('a prompt.complete (stats.comfy_execution {start, end, duration, nodes}) makes a take, timed by its duration', async () => {
    const { complete } = recorded.deliveries;
    const response = await replay(complete, complete.body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });

    const sent = JSON.parse(complete.body) as { id: string; images: string[]; filenames: string[] };
    const api = worker();
    const outcome = await api.waitForPrompt(sent.id, { pollMs: 5 });
    expect(outcome).toEqual({
      status: 'success',
      outputs: {
        'comfyui-api': { images: [{ filename: sent.filenames[0], subfolder: '', type: 'output' }] },
      },
    });
    // PREPEND_FILENAMES: `{id}_{the studio's prefix}`, which reached comfyui-api without a folder in it.
    expect(sent.filenames[0]).toMatch(new RegExp(`^${sent.id}_cinegraph_[0-9a-f-]{36}_00001_\\.png$`));
    const file = await api.openView({ filename: sent.filenames[0]!, subfolder: '', type: 'output' });
    expect((await bytesOf(file)).equals(Buffer.from(sent.images[0]!, 'base64'))).toBe(true);
    // GPU time is comfyui-api's `duration` (14 ms), not the studio's polling.
    expect(executionSecondsOf(await api.history(sent.id))).toBe(0.014);
  });

  it('the signature verifies with the one secret given to both sides as it is (base64, decoded whole)', async () => {
    const { complete } = recorded.deliveries;
    t.config.comfyApiWebhookSecret = Buffer.from('another secret of the same size!').toString('base64');
    expect((await replay(complete, complete.body)).json()).toEqual({
      detail: 'The delivery signature does not match.',
    });
    // The studio refuses at start a value comfyui-api would read otherwise (Standard Webhooks' whsec_ form).
    const config = (secret: string) => () =>
      loadConfig({ DATA_DIR: t.dataDir, COMFYUI_API_WEBHOOK_SECRET: secret });
    expect(config(`whsec_${recorded.webhook_secret}`)).toThrow(/must be plain base64 without "whsec_"/);
    expect(config('not base64!')).toThrow(/must be base64/);
    expect(config(recorded.webhook_secret)).not.toThrow();
  });

  it('a comfy.execution_start system event starts the prompt; a prompt.failed fails it saying comfyui-api gives no detail', async () => {
    const { execution_start: start, failed } = recorded.deliveries;
    expect((await replay(start, start.body)).json()).toEqual({ received: true });
    const startedId = (JSON.parse(start.body) as { data: { data: { prompt_id: string } } }).data.data
      .prompt_id;
    expect(await comfyApiInbox(t.db).read(startedId)).toMatchObject({ started: true, delivery: null });

    expect((await replay(failed, failed.body)).json()).toEqual({ received: true });
    const failedId = (JSON.parse(failed.body) as { id: string }).id;
    expect(await worker().waitForPrompt(failedId, { pollMs: 5 })).toMatchObject({
      status: 'failed',
      message:
        "Failed to get prompt outputs: the prompt failed or was interrupted (comfyui-api passes no detail on; ComfyUI's log has it)",
    });
  });

  it('a delivery of 1.76 MB (a 1.3 MB PNG in base64) arrives whole: the route takes up to WORKER_FILE_MAX_BYTES', async () => {
    const large = JSON.parse(readFileSync(path.join(fixtures, 'large-delivery.json'), 'utf8')) as Delivery;
    const body = readFileSync(path.join(fixtures, 'large-delivery.body'));
    expect(body.length).toBeGreaterThan(1024 ** 2);
    const response = await replay(large, body);
    expect(response.statusCode, response.body).toBe(200);
    const sent = JSON.parse(body.toString('utf8')) as { id: string; images: string[]; filenames: string[] };
    const api = worker();
    expect(await api.waitForPrompt(sent.id, { pollMs: 5 })).toMatchObject({ status: 'success' });
    const file = await api.openView({ filename: sent.filenames[0]!, subfolder: '', type: 'output' });
    expect((await bytesOf(file)).equals(Buffer.from(sent.images[0]!, 'base64'))).toBe(true);

    // Past the limit (outputs of 1 KiB: bodies of 1 MiB and a little more) comfyui-api is told 413.
    const small = await createTestApp({ env: { WORKER_FILE_MAX_BYTES: '1024' } });
    small.config.comfyApiWebhookSecret = recorded.webhook_secret;
    cleanups.push(() => small.close());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(large.recorded_at));
    const refused = await small.app.inject({
      method: 'POST',
      url: URL_PATH,
      headers: large.headers,
      payload: body,
    });
    vi.useRealTimers();
    expect(refused.statusCode).toBe(413);
  }, 120_000);

  it("a prompt.complete naming its upload to the studio's bucket (the `s3` option, AWS_REGION set) is read back from there", async () => {
    const { complete_s3: delivery } = recorded.deliveries;
    expect((await replay(delivery, delivery.body)).json()).toEqual({ received: true });
    const sent = JSON.parse(delivery.body) as { id: string; images: string[]; filenames: string[] };
    const [, bucket, key] = /^s3:\/\/([^/]+)\/(.+)$/.exec(sent.images[0]!)!;
    // The object comfyui-api uploaded (here into the studio's own storage, under the prefix).
    const png = Buffer.from(JSON.parse(recorded.deliveries.complete.body).images[0], 'base64');
    await t.storage.put(key!, png, 'image/png');
    const api = new ComfyApiWorker({
      baseUrl: 'http://comfyui-api.invalid',
      webhookUrl: '',
      inbox: comfyApiInbox(t.db, t.storage),
      outputBucket: comfyApiOutputBucket(t.storage, { bucket: bucket!, prefix: 'comfyui-api-outputs/' }),
    });
    expect(await api.waitForPrompt(sent.id, { pollMs: 5 })).toMatchObject({ status: 'success' });
    const file = await api.openView({ filename: sent.filenames[0]!, subfolder: '', type: 'output' });
    expect((await bytesOf(file)).equals(png)).toBe(true);
  });

  it('a delivery the studio cannot read is never a silent 200: the prompt fails with the reason', async () => {
    const complete = JSON.parse(recorded.deliveries.complete.body) as Record<string, unknown>;
    const key = webhookSecretKey(recorded.webhook_secret);
    const post = (payload: unknown) => {
      const body = JSON.stringify(payload);
      const stamp = Math.round(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        'webhook-id': 'x',
        'webhook-timestamp': String(stamp),
        'webhook-signature': signStandardWebhook(body, key, 'x', stamp),
      };
      return t.app.inject({ method: 'POST', url: URL_PATH, headers, payload: body });
    };
    const unreadable = await post({ ...complete, images: 'not a list' });
    expect(unreadable.json()).toEqual({ received: true });
    expect(await worker().waitForPrompt(complete.id as string, { pollMs: 5 })).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(
        /^comfyui-api sent a prompt\.complete delivery the studio cannot read: images/,
      ),
    });
    const nameless = await post({ type: 'prompt.complete' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toEqual({ detail: expect.stringMatching(/^The delivery names no prompt id/) });
  });
});

/** A server answering as the recorded comfyui-api did, keeping what the studio sent. */
async function replayServer(): Promise<{ url: string; sent: { path: string; body: string }[] }> {
  const sent: { path: string; body: string }[] = [];
  const byPath = new Map(Object.values(recorded.answers).map((a) => [`${a.method} ${a.path}`, a]));
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      sent.push({ path: req.url ?? '', body });
      let answer = byPath.get(`${req.method} ${req.url}`);
      if (req.url === '/interrupt') {
        const known = body === recorded.answers.interrupt_running.request;
        answer = known ? recorded.answers.interrupt_running : recorded.answers.interrupt_unknown;
      }
      res.writeHead(answer?.status ?? 404, { 'content-type': answer?.content_type ?? 'text/plain' });
      res.end(answer?.answer ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent };
}

describe("comfyui-api 1.18.0's recorded answers", () => {
  it('health, submit (prefix without a folder, as recorded) and cancel of a prompt it no longer knows', async () => {
    const server = await replayServer();
    const api = worker(server.url);
    expect(await api.health()).toEqual({ version: '1.18.0', queueDepth: null, coldStarts: null });
    const recordedPrompt = JSON.parse(recorded.answers.prompt.request!) as { id: string; prompt: ApiPrompt };
    const prompt = structuredClone(recordedPrompt.prompt);
    prompt['4']!.inputs.filename_prefix = 'cinegraph/6778eb3e-5210-41b0-8228-69a96837ab3b';
    await api.queuePrompt(prompt, { promptId: recordedPrompt.id });
    const submitted = JSON.parse(
      server.sent.find((s) => s.path === '/prompt')!.body,
    ) as typeof recordedPrompt;
    expect(submitted.prompt['4']!.inputs.filename_prefix).toBe(
      'cinegraph_6778eb3e-5210-41b0-8228-69a96837ab3b',
    );
    // 404 `{"interrupted": "failed"}`: the prompt is over (or comfyui-api restarted), nothing to stop.
    await expect(api.cancel('65b8cfae-fb0a-462c-99ee-6dc609364737')).resolves.toBeUndefined();
  });
});

describe('the comfyui-api fake', () => {
  it('answers and delivers as the recordings hold: same headers, keys in the same order, same stats', async () => {
    const comfy = await startDevWorker({ port: 0, stepMs: 5 });
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const sink = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const webhook = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`;
    const fake = await startComfyApiFake({
      comfyUrl: comfy.url,
      webhookSecret: recorded.webhook_secret,
      systemWebhookUrl: webhook,
    });
    cleanups.push(
      () => comfy.close(),
      () => fake.close(),
      () => new Promise((resolve) => sink.close(resolve)),
    );
    const id = crypto.randomUUID();
    const prompt = structuredClone(STILL_WORKFLOW) as unknown as ApiPrompt;
    prompt['4']!.inputs.filename_prefix = 'cinegraph_x';
    const answer = await fetch(`${fake.url}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, prompt, webhook_v2: webhook }),
    });
    expect(answer.status).toBe(202);
    const keys = (text: string) => Object.keys(JSON.parse(text) as object);
    expect(keys(await answer.text())).toEqual(keys(recorded.answers.prompt.answer));

    const deadline = Date.now() + 10_000;
    while (!received.some((r) => r.body.includes('"prompt.complete"')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const delivery = received.find((r) => r.body.includes('"prompt.complete"'))!;
    const real = recorded.deliveries.complete;
    const body = JSON.parse(delivery.body) as {
      id: string;
      filenames: string[];
      stats: Record<string, unknown>;
    };
    const realBody = JSON.parse(real.body) as { stats: Record<string, Record<string, unknown>> };
    expect(keys(delivery.body)).toEqual(keys(real.body));
    expect(Object.keys(body.stats)).toEqual(Object.keys(realBody.stats));
    expect(Object.keys(body.stats.comfy_execution as object)).toEqual(
      Object.keys(realBody.stats.comfy_execution!),
    );
    expect(body.filenames).toEqual([`${id}_cinegraph_x_00001_.png`]);
    expect(delivery.headers['webhook-id']).toBe(id);
    for (const name of Object.keys(real.headers))
      expect(delivery.headers[name], name).toEqual(expect.any(String));
    const stamp = delivery.headers['webhook-timestamp'] as string;
    const key = webhookSecretKey(recorded.webhook_secret);
    expect(delivery.headers['webhook-signature']).toBe(signStandardWebhook(delivery.body, key, id, stamp));
    const start = received.find((r) => r.body.includes('comfy.execution_start'))!;
    expect(keys(start.body)).toEqual(keys(recorded.deliveries.execution_start.body));
  });
});
