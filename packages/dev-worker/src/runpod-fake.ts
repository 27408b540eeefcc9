import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ComfyClient,
  ComfyPromptError,
  collectOutputFiles,
  type ApiPrompt,
  type ComfyEvent,
} from '@cinegraph/comfy';
import { readBody, sendEmpty, sendJson } from './http-util';

/**
 * A RunPod serverless endpoint running worker-comfyui: RunPod's hosted API as documented
 * (`/v2/{endpoint}/run`, `/status/{id}`, `/stream/{id}`, `/cancel/{id}` and `/health` with a bearer API
 * key and a 10 MB request limit) in front of a handler that answers what the real worker-comfyui 5.8.5
 * answered (apps/server/src/engine/fixtures/runpod: input `{workflow, images}` with base64 images
 * uploaded to ComfyUI, outputs base64 except temp files, `{error, details}` on failure, and the runpod
 * SDK's `run_job` moving `error` out of the output) driving a ComfyUI protocol server (the dev worker).
 * With `sdkWorker`, jobs are taken instead by a real worker process running RunPod's SDK (the job-take
 * protocol of runpod-python's `rp_job`/`rp_http` at `/worker/...`): how the recordings were made.
 */
export interface RunPodFakeOptions {
  /** The ComfyUI the built-in handler drives (a dev worker's URL); unused with `sdkWorker`. */
  comfyUrl?: string;
  /**
   * Jobs wait for a real worker running the runpod SDK, pointed at this endpoint's `/worker/` addresses:
   * `RUNPOD_WEBHOOK_GET_JOB=<url>/worker/job-take/$ID?gpu=none`,
   * `RUNPOD_WEBHOOK_POST_OUTPUT=<url>/worker/job-done/$RUNPOD_POD_ID?id=$ID`.
   */
  sdkWorker?: boolean;
  /** The port to listen on (any free one by default). */
  port?: number;
  /** Every request and answer, for recordings. */
  onExchange?: (exchange: RunPodExchange) => void;
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

export interface RunPodExchange {
  at: string;
  method: string;
  path: string;
  request: string;
  status: number;
  answer: string;
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
  error?: unknown;
  promptId?: string;
  /** Taken by an SDK worker and not finished (its stop signal is pending when cancelled). */
  taken?: boolean;
  /** Chunks yielded and not read yet through `/stream`. */
  chunks: unknown[];
}

const MAX_RUN_BYTES = 10 * 1024 * 1024;
/** How long an SDK worker's job-take and job-stop polls are held open when there is nothing to give. */
const LONG_POLL_MS = 2_000;

/**
 * worker-comfyui's words for a prompt ComfyUI refused (`queue_workflow`): each node's error fields as
 * Python prints them.
 */
function validationFailure(error: ComfyPromptError): string {
  const lines = Object.entries(error.nodeErrors).flatMap(([id, node]) =>
    Object.entries(node).map(([key, value]) => `• Node ${id} (${key}): ${pythonRepr(value)}`),
  );
  return lines.length > 0
    ? `Workflow validation failed:\n${lines.join('\n')}`
    : `Workflow validation failed. Raw response: ${JSON.stringify({ error: error.error, node_errors: {} })}`;
}

/** Python's `str()` of a JSON value, as worker-comfyui formats node errors. */
function pythonRepr(value: unknown, nested = false): string {
  if (typeof value === 'string')
    return nested ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map((v) => pythonRepr(v, true)).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `'${k}': ${pythonRepr(v, true)}`);
    return `{${entries.join(', ')}}`;
  }
  return String(value);
}

/** What worker-comfyui's handler returns: its outputs, or `{error, details}`. */
type HandlerReturn = Record<string, unknown>;

/**
 * The runpod SDK's `run_job`: a handler's `error` is moved beside its output (the job FAILED), an empty
 * output is left out. This is the body the worker posts to RunPod's job-done address.
 */
function jobResult(returned: HandlerReturn): { output?: unknown; error?: unknown } {
  const { error, ...output } = returned;
  return {
    ...(Object.keys(output).length > 0 && { output }),
    ...(error ? { error } : {}),
  };
}

export async function startRunPodFake(options: RunPodFakeOptions): Promise<RunPodFake> {
  const endpointId = options.endpointId ?? 'fake-endpoint';
  const capacity = options.workers ?? 1;
  const comfy = options.sdkWorker ? null : new ComfyClient({ baseUrl: options.comfyUrl! });
  const jobs = new Map<string, Job>();
  const queue: Job[] = [];
  const received: RunPodFake['received'] = [];
  /** SDK workers waiting in a job-take poll. */
  const takers: Array<() => void> = [];
  let running = 0;
  let warm = 0;
  let initializing = 0;

  const view = (job: Job) => ({
    ...(job.startedAt !== undefined && { delayTime: job.startedAt - job.queuedAt }),
    ...(job.endedAt !== undefined &&
      job.startedAt !== undefined && { executionTime: job.endedAt - job.startedAt }),
    id: job.id,
    ...(job.output !== undefined && { output: job.output }),
    ...(job.error !== undefined && { error: job.error }),
    status: job.status,
  });

  const pump = () => {
    if (!comfy) {
      for (const wake of takers.splice(0)) wake();
      return;
    }
    while (running < capacity && queue.length > 0) {
      const job = queue.shift()!;
      running += 1;
      void runJob(job).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  /** A job's end, as RunPod records what its worker posted; then its webhook. */
  const finish = async (job: Job, result: { output?: unknown; error?: unknown }) => {
    job.endedAt = Date.now();
    job.status = result.error ? 'FAILED' : 'COMPLETED';
    job.output = result.output;
    job.error = result.error;
    if (job.webhook) {
      const body = JSON.stringify(view(job));
      const headers = { 'Content-Type': 'application/json' };
      await fetch(job.webhook, { method: 'POST', headers, body }).catch(() => {});
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
      handle(comfy!, job),
      ...(timeout ? [sleep(timeout).then(() => 'timeout' as const)] : []),
    ]);
    if (job.status !== 'IN_PROGRESS') return; // Cancelled meanwhile.
    if (outcome === 'timeout') {
      job.endedAt = Date.now();
      job.status = 'TIMED_OUT';
      if (job.promptId) await comfy!.cancel(job.promptId).catch(() => {});
      return;
    }
    await finish(job, jobResult(outcome));
  };

  /** worker-comfyui's handler: upload the images, queue the workflow, collect the outputs as base64. */
  const handle = async (comfy: ComfyClient, job: Job): Promise<HandlerReturn> => {
    try {
      for (const image of job.input.images ?? []) {
        const data = image.image.includes(',') ? image.image.split(',', 2)[1]! : image.image;
        await comfy.uploadImage(Buffer.from(data, 'base64'), image.name, { overwrite: true });
      }
      let queued;
      try {
        queued = await comfy.queuePrompt(job.input.workflow);
      } catch (error) {
        if (error instanceof ComfyPromptError) return { error: validationFailure(error) };
        throw error;
      }
      job.promptId = queued.prompt_id;
      const onProgress = (event: ComfyEvent) => {
        if (options.streamsProgress && event.type === 'progress') {
          job.chunks.push({ value: event.data.value, max: event.data.max });
        }
      };
      const outcome = await comfy.waitForPrompt(queued.prompt_id, { pollMs: 20, onProgress });
      if (outcome.status !== 'success') {
        const failed = outcome.status === 'failed' ? outcome : null;
        const detail = `Workflow execution error: Node Type: ${failed?.nodeType}, Node ID: ${failed?.nodeId}, Message: ${failed?.message ?? 'interrupted'}\n`;
        return { error: 'Job processing failed', details: [detail] };
      }
      const images = [];
      for (const file of collectOutputFiles({ outputs: outcome.outputs })) {
        if (file.type === 'temp') continue;
        const { bytes } = await comfy.view(file);
        images.push({ filename: file.filename, type: 'base64', data: Buffer.from(bytes).toString('base64') });
      }
      return images.length > 0 ? { images } : { status: 'success_no_images', images };
    } catch (error) {
      return { error: `An unexpected error occurred: ${error instanceof Error ? error.message : error}` };
    }
  };

  /** runpod-python's job-take, job-done and job-stop calls (`rp_job.get_job`, `rp_http.send_result`). */
  const workerRoute = async (req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) => {
    const [, , action] = url.pathname.split('/');
    if (action === 'job-take') {
      if (queue.length === 0) {
        await new Promise<void>((resolve) => {
          takers.push(resolve);
          setTimeout(resolve, LONG_POLL_MS);
        });
      }
      const job = queue.shift();
      if (!job) return sendEmpty(res, 204);
      job.status = 'IN_PROGRESS';
      job.startedAt = Date.now();
      job.taken = true;
      return sendJson(res, 200, { id: job.id, input: job.input });
    }
    if (action === 'job-done' && req.method === 'POST') {
      const job = jobs.get(url.searchParams.get('id') ?? '');
      const result = JSON.parse(body.toString('utf8')) as { output?: unknown; error?: unknown };
      if (job) job.taken = false;
      if (job && job.status === 'IN_PROGRESS') await finish(job, result);
      return sendJson(res, 200, {});
    }
    if (action === 'job-stop') {
      const stopping = () => [...jobs.values()].filter((j) => j.taken && j.status === 'CANCELLED');
      if (stopping().length === 0) await sleep(LONG_POLL_MS);
      const ids = stopping().map((j) => j.id);
      for (const job of stopping()) job.taken = false;
      return ids.length > 0 ? sendJson(res, 200, { jobsToStop: ids }) : sendEmpty(res, 204);
    }
    return sendJson(res, 200, {}); // ping
  };

  const route = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (options.sdkWorker && url.pathname.startsWith('/worker/')) return workerRoute(req, res, url, body);
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
      if (body.length > MAX_RUN_BYTES) return sendJson(res, 413, { error: 'Request body too large' });
      let run: RunPodFake['received'][number];
      try {
        run = JSON.parse(body.toString('utf8')) as typeof run;
      } catch {
        return sendJson(res, 400, { error: 'Invalid JSON' });
      }
      if (!run?.input?.workflow) return sendJson(res, 400, { error: 'Missing input.workflow' });
      received.push(run);
      const created: Job = {
        id: `${randomUUID()}-u1`,
        status: 'IN_QUEUE',
        input: run.input,
        webhook: run.webhook,
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
      // A running handler is not interrupted: worker-comfyui's handler blocks the SDK's loop, so the
      // stop signal is read only once its ComfyUI prompt has ended (measured, see the fixtures).
      if (job.status === 'IN_QUEUE' || job.status === 'IN_PROGRESS') {
        job.status = 'CANCELLED';
        const index = queue.indexOf(job);
        if (index >= 0) queue.splice(index, 1);
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
  if (options.streamsProgress) await comfy?.connect().catch(() => {});
  const server = createServer((req, res) => {
    const exchange = options.onExchange && recordExchange(req, res, options.onExchange);
    readBody(req, MAX_RUN_BYTES * 8)
      .then((body) => {
        exchange?.(body);
        return route(req, res, body);
      })
      .catch(() => sendJson(res, 500, { error: 'Internal error' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/${endpointId}`,
    received,
    close: async () => {
      comfy?.disconnect();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Hands each request and its answer, as text, to `record` once the answer is sent. */
function recordExchange(req: IncomingMessage, res: ServerResponse, record: (e: RunPodExchange) => void) {
  const at = new Date().toISOString();
  const sent: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  res.write = ((chunk: unknown, ...rest: never[]) => {
    if (chunk) sent.push(Buffer.from(chunk as Buffer));
    return write(chunk as Buffer, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: never[]) => {
    if (chunk && typeof chunk !== 'function') sent.push(Buffer.from(chunk as Buffer));
    return end(chunk as Buffer, ...rest);
  }) as typeof res.end;
  return (body: Buffer) =>
    res.once('finish', () =>
      record({
        at,
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        request: body.toString('utf8'),
        status: res.statusCode,
        answer: Buffer.concat(sent).toString('utf8'),
      }),
    );
}
