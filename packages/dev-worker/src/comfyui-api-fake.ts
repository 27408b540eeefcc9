import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ComfyClient, collectOutputFiles, signStandardWebhook, type ApiPrompt } from '@cinegraph/comfy';
import { readBody, sendJson } from './http-util';

/**
 * A comfyui-api server (SaladTechnologies), written from its public README: `POST /prompt` with `id`,
 * `prompt` and `webhook_v2` answers 202 and delivers `prompt.complete` (base64 `images`, `filenames`,
 * `stats.comfy_execution`) or `prompt.failed` to the webhook, signed per Standard Webhooks with
 * WEBHOOK_SECRET; ComfyUI's `execution_start` and `progress` messages go to SYSTEM_WEBHOOK_URL as
 * `comfy.{type}`;
 * `/interrupt {id}`, `/health`, `/ready`. ComfyUI behind it is the dev worker.
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
  close(): Promise<void>;
}

const VERSION = '1.9.0';

export async function startComfyApiFake(options: ComfyApiFakeOptions): Promise<ComfyApiFake> {
  const comfy = new ComfyClient({ baseUrl: options.comfyUrl });
  const received: ComfyApiFake['received'] = [];
  const running = new Set<string>();

  const sendWebhook = async (url: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    const id = `msg_${randomUUID()}`;
    const timestamp = Math.floor(Date.now() / 1000);
    await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook(body, options.webhookSecret, id, timestamp),
      },
      body,
    }).catch(() => {});
  };

  const run = async (id: string, request: ComfyApiFake['received'][number], webhook: string) => {
    const { prompt, s3 } = request;
    running.add(id);
    const stopProgress = comfy.on((event) => {
      const forwarded = event.type === 'progress' || event.type === 'execution_start';
      if (forwarded && event.data.prompt_id === id && options.systemWebhookUrl) {
        void sendWebhook(options.systemWebhookUrl, {
          event: `comfy.${event.type}`,
          data: event,
          metadata: {},
        });
      }
    });
    try {
      const queued = await comfy.queuePrompt(prompt, { promptId: id });
      const outcome = await comfy.waitForPrompt(queued.prompt_id, { pollMs: 20 });
      if (outcome.status !== 'success') {
        const error = outcome.status === 'failed' ? outcome.message : 'Prompt was interrupted';
        await sendWebhook(webhook, {
          type: 'prompt.failed',
          timestamp: new Date().toISOString(),
          error,
          id,
          prompt,
        });
        return;
      }
      const history = await comfy.history(queued.prompt_id);
      const at = (type: string) =>
        (history?.status?.messages.find(([name]) => name === type)?.[1] as { timestamp?: number } | undefined)
          ?.timestamp ?? 0;
      const images: string[] = [];
      const filenames: string[] = [];
      for (const file of collectOutputFiles({ outputs: outcome.outputs })) {
        if (file.type === 'temp') continue;
        const { bytes } = await comfy.view(file);
        const filename = `${id}_${file.filename}`;
        if (s3 && options.uploadToS3) {
          const key = `${s3.prefix ?? ''}${filename}`;
          await options.uploadToS3(s3.bucket, key, bytes);
          images.push(`s3://${s3.bucket}/${key}`);
        } else images.push(Buffer.from(bytes).toString('base64'));
        filenames.push(filename);
      }
      const start = at('execution_start');
      const end = at('execution_success');
      const stats = { comfy_execution: { total: { start, end, duration: end - start }, nodes: {} } };
      const payload = {
        type: 'prompt.complete',
        timestamp: new Date().toISOString(),
        id,
        prompt,
        images,
        filenames,
        stats,
      };
      await sendWebhook(webhook, payload);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await sendWebhook(webhook, {
        type: 'prompt.failed',
        timestamp: new Date().toISOString(),
        error: message,
        id,
        prompt,
      });
    } finally {
      stopProgress();
      running.delete(id);
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
      if (!running.has(id)) return sendJson(res, 404, { id, interrupted: 'failed' });
      await comfy.interrupt(id);
      return sendJson(res, 200, { id, interrupted: 'success' });
    }
    if (req.method === 'POST' && path === '/prompt') {
      const request = body as ComfyApiFake['received'][number];
      if (!request.prompt) return sendJson(res, 400, { error: 'prompt is required', location: 'body' });
      received.push(request);
      const id = request.id ?? randomUUID();
      if (!request.webhook_v2)
        return sendJson(res, 400, { error: 'this fake answers only with webhook_v2', location: 'body' });
      sendJson(res, 202, { ...request, status: 'ok', id });
      void run(id, request, request.webhook_v2);
      return;
    }
    sendJson(res, 404, { error: 'Not found' });
  };

  await comfy.connect().catch(() => {});
  const server = createServer((req, res) => {
    route(req, res).catch(() => sendJson(res, 500, { error: 'Internal error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      comfy.disconnect();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
