import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ApiPrompt } from '../api-format';
import type { ObjectInfo } from '../object-info';
import type { HistoryEntry, QueuedPrompt, UploadedFile } from '../client/answers';
import { ComfyHttpError } from '../client/errors';
import type { ViewedFile, ViewFile } from '../client/files';
import { parseJson, type HttpCall, type HttpTarget } from '../client/http';
import type { PromptOutcome } from '../client/outputs';
import type { WaitOptions } from '../client/wait';
import { backendCall, backendTarget, pollPause, type BackendAddress } from './backend-http';
import {
  RunPodHealthSchema,
  RunPodJobSchema,
  runpodProgress,
  runpodState,
  RunPodStreamSchema,
} from './runpod-protocol';
import { FinishedJobs } from './finished-jobs';
import type { WorkerConnection, WorkerHealth } from './worker-connection';

/** `baseUrl`: the endpoint's address, `https://api.runpod.ai/v2/{endpoint_id}`, or a worker-comfyui container's local API. */
export interface RunPodWorkerOptions extends BackendAddress {
  /** RunPod's API key (none for a local `SERVE_API_LOCALLY` container). */
  apiKey?: string | null;
}

/** RunPod answers `/run` bodies over this with 413; input images beyond it go by URL instead. */
export const RUNPOD_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Input files up to this size travel base64 in `/run` (a third larger there); bigger ones by URL. */
const MAX_INLINE_BYTES = 3 * 1024 * 1024;

/**
 * A RunPod serverless endpoint running worker-comfyui (or its container with `SERVE_API_LOCALLY=true`):
 * `POST /run` with `{input: {workflow, images}}`, `GET /status/{id}` polled, `POST /cancel/{id}`,
 * `GET /health` for queue depth and cold starts. Input images travel base64 in the request; outputs come
 * back base64 or as S3 URLs.
 */
export class RunPodWorker implements WorkerConnection {
  readonly clientId = randomUUID();
  readonly maxInlineBytes = MAX_INLINE_BYTES;
  private readonly http: HttpTarget;
  private readonly apiKey: string | null;
  /** Input images by the name the prompt refers to, until the prompt that uses them is sent. */
  private readonly inputs = new Map<string, Uint8Array>();
  private readonly finished = new FinishedJobs();

  constructor(options: RunPodWorkerOptions) {
    this.apiKey = options.apiKey ?? null;
    this.http = backendTarget(options);
  }

  async health(): Promise<WorkerHealth> {
    const health = await this.call({ path: '/health' }, RunPodHealthSchema);
    return { version: null, queueDepth: health.jobs.inQueue, coldStarts: health.workers.initializing };
  }

  async objectInfo(): Promise<ObjectInfo> {
    throw new Error(
      'A RunPod worker has no node definitions: give the workflow node an API-format workflow.',
    );
  }

  async uploadImage(bytes: Uint8Array, filename: string): Promise<UploadedFile> {
    this.inputs.set(filename, bytes);
    return { name: filename, subfolder: '', type: 'input' };
  }

  async queuePrompt(prompt: ApiPrompt): Promise<QueuedPrompt> {
    const used = [...this.inputs.keys()].filter((name) =>
      JSON.stringify(prompt).includes(JSON.stringify(name)),
    );
    const images = used.map((name) => ({
      name,
      image: Buffer.from(this.inputs.get(name)!).toString('base64'),
    }));
    for (const name of used) this.inputs.delete(name);
    const job = await this.call(
      { method: 'POST', path: '/run', json: { input: { workflow: prompt, images } } },
      RunPodJobSchema,
    );
    return { prompt_id: job.id, number: 0, node_errors: {} };
  }

  /**
   * Polls `/status/{id}` until the job ends. While it runs, step progress comes from what the handler
   * reports: a `progress_update` in the status output, or `/stream/{id}` chunks (worker-comfyui 5.x
   * reports none: the job then shows only as running).
   */
  async waitForPrompt(promptId: string, options: WaitOptions = {}): Promise<PromptOutcome> {
    const signal = options.signal;
    const id = encodeURIComponent(promptId);
    let announced = false;
    for (;;) {
      signal?.throwIfAborted();
      const job = await this.call({ path: `/status/${id}`, signal }, RunPodJobSchema);
      const state = runpodState(job);
      if (state.state === 'success') {
        const files = new Map(
          state.images.map((i) => [i.filename, { data: i.data, isUrl: i.type === 's3_url' }]),
        );
        this.finished.keep(promptId, files, state.executionSeconds);
        const images = state.images.map(({ filename }) => ({ filename, subfolder: '', type: 'output' }));
        return { status: 'success', outputs: { runpod: { images } } };
      }
      if (state.state === 'failed') {
        return { status: 'failed', message: state.message, nodeId: null, nodeType: null };
      }
      if (state.state === 'cancelled') return { status: 'interrupted' };
      if (state.running) {
        if (!announced) {
          announced = true;
          options.onProgress?.({ type: 'execution_start', data: { prompt_id: promptId } });
        }
        const progress = runpodProgress(job.output) ?? (await this.streamed(id, signal));
        if (progress) options.onProgress?.({ type: 'progress', data: { ...progress, prompt_id: promptId } });
      }
      await pollPause(options.pollMs ?? 1000, signal);
    }
  }

  /** The latest step progress among the chunks a streaming handler yielded since the last read. */
  private async streamed(id: string, signal?: AbortSignal) {
    const read = await this.call({ path: `/stream/${id}`, signal }, RunPodStreamSchema).catch(() => null);
    const progress = (read?.stream ?? []).map((chunk) => runpodProgress(chunk.output)).filter((p) => p);
    return progress.at(-1) ?? null;
  }

  async cancel(promptId: string): Promise<void> {
    await this.call({ method: 'POST', path: `/cancel/${encodeURIComponent(promptId)}` }, RunPodJobSchema);
  }

  async history(promptId: string): Promise<HistoryEntry | null> {
    return this.finished.history(promptId);
  }

  /** An output from the job's answer: base64, or downloaded from the S3 address it was uploaded to. */
  async openView(file: ViewFile): Promise<ViewedFile> {
    return this.finished.open(file.filename, this.http.baseUrl, async (url) => {
      const response = await this.http.fetch(url, { redirect: 'manual' });
      if (!response.ok || !response.body) throw new ComfyHttpError(url, 'GET output', response.status, '');
      const length = response.headers.get('content-length');
      return {
        body: response.body,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        size: length === null ? null : Number(length),
      };
    });
  }

  /** RunPod assigns its own job ids and cannot be searched: a job being submitted at a crash is sent again. */
  async findSubmitted(): Promise<string | null> {
    return null;
  }

  async getQueue() {
    return { running: [], pending: [] };
  }

  async capabilities() {
    return { honoursPromptId: false };
  }

  disconnect(): void {}

  /** A refused API key (401, 403) is the endpoint being unusable, as a 5xx is. */
  private async call<T extends z.ZodType>(call: HttpCall, schema: T): Promise<z.output<T>> {
    const target = this.apiKey ? { ...this.http, fetch: withKey(this.http.fetch, this.apiKey) } : this.http;
    const text = await backendCall(target, call, (status) => status === 401 || status === 403);
    return parseJson(target, call, text, schema);
  }
}

/** RunPod takes the API key as a bearer token. */
function withKey(fetcher: typeof fetch, apiKey: string): typeof fetch {
  return (input, init) =>
    fetcher(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), Authorization: `Bearer ${apiKey}` },
    });
}
