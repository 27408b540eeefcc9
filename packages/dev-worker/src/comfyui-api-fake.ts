import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ComfyClient,
  collectOutputFiles,
  signStandardWebhook,
  webhookSecretKey,
  type ApiPrompt,
} from '@cinegraph/comfy';
import { readBody, sendJson } from './http-util';

/**
 * A comfyui-api server (SaladTechnologies) as 1.18.0 answers and delivers, kept to the recordings of
 * the real one in apps/server/src/engine/fixtures/comfyui-api: `POST /prompt` replaces every
 * `filename_prefix` with `{id}_{prefix}` (PREPEND_FILENAMES, its default), answers 202 with the request
 * echoed and delivers `prompt.complete` (base64 `images` of the files saved at the output folder's top
 * level only, `filenames`, `stats` with `comfy_execution: {start, end, duration, nodes}`) or
 * `prompt.failed` (`error: "Failed to get prompt outputs"`, whatever ComfyUI said) to `webhook_v2`,
 * signed per Standard Webhooks with WEBHOOK_SECRET decoded as base64 (`webhook-id` is the prompt's id);
 * a delivery is tried three times a second apart, then dropped. ComfyUI's `execution_start` and
 * `progress` go to SYSTEM_WEBHOOK_URL as `comfy.{type}`. `/interrupt {id}` interrupts by prompt (ComfyUI
 * skips one that is only queued), `/health`, `/ready`. ComfyUI behind it is the dev worker.
 */
export interface ComfyApiFakeOptions {
  comfyUrl: string;
  webhookSecret: string;
  systemWebhookUrl?: string;
  /**
   * How this server uploads an output when a request asks for `s3: {bucket, prefix}` (the real one uses
   * its AWS credentials); the delivery then names `s3://{bucket}/{prefix}{filename}` instead of base64.
   */
  uploadToS3?: (bucket: string, key: string, bytes: Uint8Array) => Promise<void>;
  /** The port to listen on (a restart on the same address); any free one by default. */
  port?: number;
}

export interface ComfyApiFake {
  url: string;
  /** Every `/prompt` body received. */
  received: Array<{
    id?: string;
    prompt: ApiPrompt;
    webhook_v2?: string;
    s3?: { bucket: string; prefix?: string };
  }>;
  /** Stops answering at once, as a killed server: its prompts (kept in memory) are forgotten. */
  close(): Promise<void>;
}

const VERSION = '1.18.0';
/** PROMPT_WEBHOOK_RETRIES' default, one second apart. */
const WEBHOOK_TRIES = 3;
/** What comfyui-api 1.18 sends for any prompt that did not succeed (an error, an interrupt). */
const FAILED = 'Failed to get prompt outputs';

export async function startComfyApiFake(options: ComfyApiFakeOptions): Promise<ComfyApiFake> {
  const comfy = new ComfyClient({ baseUrl: options.comfyUrl });
  const received: ComfyApiFake['received'] = [];
  const known = new Set<string>();
  const key = webhookSecretKey(options.webhookSecret);
  /** Closed: killed, it sends nothing any more. */
  let closed = false;

  const sendWebhook = async (url: string, payload: unknown, id: string = randomUUID()) => {
    const body = JSON.stringify(payload);
    const timestamp = String(Math.round(Date.now() / 1000));
    const headers = {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signStandardWebhook(body, key, id, timestamp),
    };
    for (let tries = 0; tries < WEBHOOK_TRIES && !closed; tries++) {
      const ok = await fetch(url, { method: 'POST', headers, body }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  const run = async (id: string, request: ComfyApiFake['received'][number], webhook: string) => {
    const { prompt, s3 } = request;
    known.add(id);
    const start = Date.now();
    const nodes: Record<string, { start: number }> = {};
    const execution = { start, end: 0, duration: 0, nodes };
    const stopEvents = comfy.on((event) => {
      if (!('prompt_id' in event.data) || event.data.prompt_id !== id) return;
      if (event.type === 'execution_start') execution.start = Date.now();
      if (event.type === 'executing' && event.data.node) nodes[event.data.node] = { start: Date.now() };
      const forwarded = event.type === 'progress' || event.type === 'execution_start';
      if (forwarded && options.systemWebhookUrl) {
        void sendWebhook(options.systemWebhookUrl, {
          event: `comfy.${event.type}`,
          data: event,
          metadata: {},
        });
      }
    });
    const failed = () =>
      sendWebhook(
        webhook,
        { type: 'prompt.failed', timestamp: new Date().toISOString(), id, prompt, error: FAILED },
        id,
      );
    try {
      const queued = await comfy.queuePrompt(prompt, { promptId: id });
      const outcome = await comfy.waitForPrompt(queued.prompt_id, { pollMs: 20 });
      if (outcome.status !== 'success') return await failed();
      execution.end = Date.now();
      execution.duration = execution.end - execution.start;
      const images: string[] = [];
      const filenames: string[] = [];
      for (const file of collectOutputFiles({ outputs: outcome.outputs })) {
        // comfyui-api reads `{output folder}/{filename}`: a file saved in a subfolder is not found.
        if (file.type === 'temp' || file.subfolder) continue;
        const { bytes } = await comfy.view(file);
        if (s3 && options.uploadToS3) {
          const key = `${s3.prefix ?? ''}${file.filename}`;
          await options.uploadToS3(s3.bucket, key, bytes);
          images.push(`s3://${s3.bucket}/${key}`);
        } else images.push(Buffer.from(bytes).toString('base64'));
        filenames.push(file.filename);
      }
      const total = Date.now() - start;
      const stats = {
        comfy_execution: execution,
        preprocess_time: 0,
        comfy_round_trip_time: total,
        postprocess_time: 0,
        upload_time: 0,
        total_time: total,
      };
      const payload = { ...request, id, prompt, images, filenames, stats };
      await sendWebhook(
        webhook,
        { type: 'prompt.complete', timestamp: new Date().toISOString(), ...payload },
        id,
      );
    } catch {
      await failed();
    } finally {
      stopEvents();
      known.delete(id);
    }
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (req.method === 'GET' && path === '/health')
      return sendJson(res, 200, { version: VERSION, status: 'healthy' });
    if (req.method === 'GET' && path === '/ready')
      return sendJson(res, 200, { version: VERSION, status: 'ready' });
    const body = JSON.parse((await readBody(req, 100 * 1024 * 1024)).toString('utf8') || '{}') as Record<
      string,
      unknown
    >;
    if (req.method === 'POST' && path === '/interrupt') {
      const id = String(body.id);
      if (!known.has(id)) return sendJson(res, 404, { id, interrupted: 'failed' });
      await comfy.interrupt(id);
      return sendJson(res, 200, { id, interrupted: 'success' });
    }
    if (req.method === 'POST' && path === '/prompt') {
      const given = body as ComfyApiFake['received'][number];
      if (!given.prompt) return sendJson(res, 400, { error: 'prompt is required', location: 'body' });
      const id = given.id ?? randomUUID();
      const { prompt, saves } = withPrependedPrefixes(given.prompt, id);
      if (!saves) {
        return sendJson(res, 400, {
          error: 'Prompt must contain a node with a "filename_prefix" input, such as "SaveImage"',
          location: 'prompt',
        });
      }
      // Its schema puts `prompt` first, and `inputs` before `class_type`.
      const { prompt: _given, id: _id, ...rest } = given;
      const request = { prompt, id, ...rest };
      received.push(given);
      if (!request.webhook_v2)
        return sendJson(res, 400, { error: 'this fake answers only with webhook_v2', location: 'body' });
      sendJson(res, 202, { ...request, status: 'ok' });
      void run(id, request, request.webhook_v2);
      return;
    }
    sendJson(res, 404, { error: 'Not found' });
  };

  await comfy.connect().catch(() => {});
  const server = createServer((req, res) => {
    route(req, res).catch(() => sendJson(res, 500, { error: 'Internal error' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      closed = true;
      comfy.disconnect();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** comfyui-api's preprocessing with PREPEND_FILENAMES=true: `filename_prefix` becomes `{id}_{prefix}`. */
function withPrependedPrefixes(given: ApiPrompt, id: string): { prompt: ApiPrompt; saves: boolean } {
  const prompt: ApiPrompt = {};
  let saves = false;
  for (const [nodeId, node] of Object.entries(given)) {
    const prefix = node.inputs.filename_prefix;
    const inputs =
      typeof prefix === 'string' ? { ...node.inputs, filename_prefix: `${id}_${prefix}` } : node.inputs;
    saves ||= typeof prefix === 'string';
    prompt[nodeId] = { inputs, class_type: node.class_type };
  }
  return { prompt, saves };
}
