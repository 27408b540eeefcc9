import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ComfyClient, collectOutputFiles, type ApiPrompt, type ComfyEvent } from '@cinegraph/comfy';
import { BodyTooLarge, readBody, sendJson } from './http-util';

/**
 * A RunPod serverless endpoint running worker-comfyui, written from their public documentation: RunPod's
 * `/v2/{endpoint}/run`, `/status/{id}`, `/stream/{id}`, `/cancel/{id}` and `/health` with a bearer API key
 * and a 10 MB request limit, in front of worker-comfyui's handler (input `{workflow, images}` with base64
 * images uploaded to ComfyUI, outputs base64 except temp files, `{error, details}` on failure) driving a
 * real ComfyUI protocol server (the dev worker).
 */
export interface RunPodFakeOptions {
  /** The ComfyUI the handler drives (a dev worker's URL). */
  comfyUrl: string;
  apiKey?: string;
  endpointId?: string;
  /** Jobs run at once (the endpoint's max workers). */
  workers?: number;
  /** How long a worker takes to start when none is warm (a cold start). */
  coldStartMs?: number;
  /** The endpoint's execution timeout: a job running longer ends TIMED_OUT. */
  executionTimeoutMs?: number;
  /**
   * The handler yields ComfyUI's step progress as `{value, max}` chunks read through `/stream/{id}` (a
   * streaming handler; worker-comfyui 5.x itself yields none).
   */
  streamsProgress?: boolean;
}

export interface RunPodFake {
  /** The endpoint's base address, `http://127.0.0.1:{port}/v2/{endpoint}`. */
  url: string;
  /** Every `/run` body received, for tests to read what was sent. */
  received: Array<{
    input: { workflow: ApiPrompt; images?: Array<{ name: string; image: string }> };
    /** Called with the job's status once it ends. */
    webhook?: string;
  }>;
  close(): Promise<void>;
}

type Status = 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'TIMED_OUT';
interface Job {
  id: string;
  status: Status;
  input: RunPodFake['received'][number]['input'];
  webhook?: string;
  queuedAt: number;
  startedAt?: number;
  endedAt?: number;
  output?: unknown;
  error?: string;
  promptId?: string;
  /** Chunks yielded and not read yet through `/stream`. */
  chunks: unknown[];
}

const MAX_RUN_BYTES = 10 * 1024 * 1024;

export async function startRunPodFake(options: RunPodFakeOptions): Promise<RunPodFake> {
  const endpointId = options.endpointId ?? 'fake-endpoint';
  const capacity = options.workers ?? 1;
  const comfy = new ComfyClient({ baseUrl: options.comfyUrl });
  const jobs = new Map<string, Job>();
  const queue: Job[] = [];
  const received: RunPodFake['received'] = [];
  let running = 0;
  let warm = 0;
  let initializing = 0;

  const view = (job: Job) => ({
    id: job.id,
    status: job.status,
    ...(job.startedAt !== undefined && { delayTime: job.startedAt - job.queuedAt }),
    ...(job.endedAt !== undefined &&
      job.startedAt !== undefined && { executionTime: job.endedAt - job.startedAt }),
    ...(job.output !== undefined && { output: job.output }),
    ...(job.error !== undefined && { error: job.error }),
  });

  const pump = () => {
    while (running < capacity && queue.length > 0) {
      const job = queue.shift()!;
      running += 1;
      void runJob(job).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  const runJob = async (job: Job) => {
    if (running > warm && options.coldStartMs) {
      initializing += 1;
      await sleep(options.coldStartMs);
      initializing -= 1;
    }
    warm = Math.max(warm, running);
    if (job.status === 'CANCELLED') return;
    job.status = 'IN_PROGRESS';
    job.startedAt = Date.now();
    const timeout = options.executionTimeoutMs;
    const outcome = await Promise.race([
      handle(job),
      ...(timeout ? [sleep(timeout).then(() => 'timeout' as const)] : []),
    ]);
    if (job.status !== 'IN_PROGRESS') return; // Cancelled meanwhile.
    job.endedAt = Date.now();
    if (outcome === 'timeout') {
      job.status = 'TIMED_OUT';
      if (job.promptId) await comfy.cancel(job.promptId).catch(() => {});
    } else if ('error' in outcome) {
      job.status = 'FAILED';
      job.error = outcome.error;
      job.output = { details: outcome.details };
    } else {
      job.status = 'COMPLETED';
      job.output = outcome;
    }
    if (job.webhook) {
      const body = JSON.stringify(view(job));
      const headers = { 'Content-Type': 'application/json' };
      await fetch(job.webhook, { method: 'POST', headers, body }).catch(() => {});
    }
  };

  /** worker-comfyui's handler: upload the images, queue the workflow, collect the outputs as base64. */
  const handle = async (job: Job): Promise<{ images: unknown[] } | { error: string; details: string[] }> => {
    try {
      for (const image of job.input.images ?? []) {
        const data = image.image.includes(',') ? image.image.split(',', 2)[1]! : image.image;
        await comfy.uploadImage(Buffer.from(data, 'base64'), image.name, { overwrite: true });
      }
      const queued = await comfy.queuePrompt(job.input.workflow);
      job.promptId = queued.prompt_id;
      const onProgress = (event: ComfyEvent) => {
        if (options.streamsProgress && event.type === 'progress') {
          job.chunks.push({ value: event.data.value, max: event.data.max });
        }
      };
      const outcome = await comfy.waitForPrompt(queued.prompt_id, { pollMs: 20, onProgress });
      if (outcome.status !== 'success') {
        const message = outcome.status === 'failed' ? outcome.message : 'interrupted';
        const detail = `Workflow execution error: Node Type: ${outcome.status === 'failed' ? outcome.nodeType : ''}, Node ID: ${outcome.status === 'failed' ? outcome.nodeId : ''}, Message: ${message}`;
        return { error: 'Job processing failed', details: [detail] };
      }
      const images = [];
      for (const file of collectOutputFiles({ outputs: outcome.outputs })) {
        if (file.type === 'temp') continue;
        const { bytes } = await comfy.view(file);
        images.push({ filename: file.filename, type: 'base64', data: Buffer.from(bytes).toString('base64') });
      }
      return { images };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error), details: [] };
    }
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const prefix = `/v2/${endpointId}`;
    if (!url.pathname.startsWith(prefix)) return sendJson(res, 404, { error: 'Not found' });
    const auth = req.headers.authorization ?? '';
    if (options.apiKey && auth !== `Bearer ${options.apiKey}` && auth !== options.apiKey) {
      return sendJson(res, 401, { error: 'Unauthorized' });
    }
    const path = url.pathname.slice(prefix.length);
    const [, action, id] = path.split('/');
    const job = id ? jobs.get(id) : undefined;
    if (req.method === 'POST' && action === 'run' && !id) {
      let body: RunPodFake['received'][number];
      try {
        body = JSON.parse((await readBody(req, MAX_RUN_BYTES)).toString('utf8')) as typeof body;
      } catch (error) {
        if (error instanceof BodyTooLarge) return sendJson(res, 413, { error: 'Request body too large' });
        return sendJson(res, 400, { error: 'Invalid JSON' });
      }
      if (!body?.input?.workflow) return sendJson(res, 400, { error: 'Missing input.workflow' });
      received.push(body);
      const created: Job = {
        id: `${randomUUID()}-u1`,
        status: 'IN_QUEUE',
        input: body.input,
        webhook: body.webhook,
        queuedAt: Date.now(),
        chunks: [],
      };
      jobs.set(created.id, created);
      queue.push(created);
      sendJson(res, 200, { id: created.id, status: created.status });
      pump();
      return;
    }
    if (req.method === 'GET' && (action === 'status' || action === 'stream') && id) {
      if (!job) return sendJson(res, 404, { error: 'Job not found' });
      if (action === 'status') return sendJson(res, 200, view(job));
      const done = !['IN_QUEUE', 'IN_PROGRESS'].includes(job.status);
      const chunks = job.chunks.splice(0).map((output) => ({ output }));
      const stream = done && job.output ? [...chunks, { output: job.output }] : chunks;
      return sendJson(res, 200, { status: job.status, stream });
    }
    if (req.method === 'POST' && action === 'cancel' && id) {
      if (!job) return sendJson(res, 404, { error: 'Job not found' });
      if (job.status === 'IN_QUEUE' || job.status === 'IN_PROGRESS') {
        const wasRunning = job.status === 'IN_PROGRESS';
        job.status = 'CANCELLED';
        const index = queue.indexOf(job);
        if (index >= 0) queue.splice(index, 1);
        if (wasRunning && job.promptId) await comfy.cancel(job.promptId).catch(() => {});
      }
      return sendJson(res, 200, { id: job.id, status: job.status });
    }
    if (req.method === 'GET' && action === 'health') {
      const count = (status: Status) => [...jobs.values()].filter((j) => j.status === status).length;
      return sendJson(res, 200, {
        jobs: {
          completed: count('COMPLETED'),
          failed: count('FAILED'),
          inProgress: count('IN_PROGRESS'),
          inQueue: count('IN_QUEUE'),
          retried: 0,
        },
        workers: {
          idle: Math.max(0, warm - running),
          initializing,
          ready: warm,
          running,
          throttled: 0,
          unhealthy: 0,
        },
      });
    }
    sendJson(res, 404, { error: 'Not found' });
  };

  // ComfyUI's progress messages come over its WebSocket.
  if (options.streamsProgress) await comfy.connect().catch(() => {});
  const server = createServer((req, res) => {
    route(req, res).catch(() => sendJson(res, 500, { error: 'Internal error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/${endpointId}`,
    received,
    close: async () => {
      comfy.disconnect();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
