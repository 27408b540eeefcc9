import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ApiPrompt } from '../api-format';
import type { ObjectInfo } from '../object-info';
import type { HistoryEntry, QueuedPrompt, UploadedFile } from '../client/answers';
import { ComfyHttpError, ComfyUnavailableError } from '../client/errors';
import type { ViewedFile, ViewFile } from '../client/files';
import {
  DEFAULT_MAX_ANSWER_BYTES,
  parseJson,
  readText,
  send,
  type HttpCall,
  type HttpTarget,
} from '../client/http';
import type { PromptOutcome } from '../client/outputs';
import type { WaitOptions } from '../client/wait';
import { RunPodHealthSchema, RunPodJobSchema, runpodState } from './runpod-protocol';
import { base64File, FinishedJobs } from './finished-jobs';
import type { WorkerConnection, WorkerHealth } from './worker-connection';

export interface RunPodWorkerOptions {
  /** The endpoint's address, `https://api.runpod.ai/v2/{endpoint_id}`, or a worker-comfyui container's local API. */
  baseUrl: string;
  /** RunPod's API key (none for a local `SERVE_API_LOCALLY` container). */
  apiKey?: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
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
    this.http = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs: options.timeoutMs ?? 30_000,
      maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
    };
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

  /** Polls `/status/{id}` until the job ends; progress is only "running" (RunPod streams no steps). */
  waitForPrompt(promptId: string, options: WaitOptions = {}): Promise<PromptOutcome> {
    const pollMs = options.pollMs ?? 1000;
    const signal = options.signal;
    let announced = false;
    const poll = async (): Promise<PromptOutcome> => {
      for (;;) {
        signal?.throwIfAborted();
        const state = runpodState(
          await this.call({ path: `/status/${encodeURIComponent(promptId)}`, signal }, RunPodJobSchema),
        );
        if (state.state === 'waiting') {
          if (state.running && !announced) {
            announced = true;
            options.onProgress?.({ type: 'execution_start', data: { prompt_id: promptId } });
          }
        } else if (state.state === 'success') {
          const files = new Map(
            state.images.map((i) => [i.filename, { data: i.data, isUrl: i.type === 's3_url' }]),
          );
          this.finished.keep(promptId, files, state.executionSeconds);
          const images = state.images.map((image) => ({
            filename: image.filename,
            subfolder: '',
            type: 'output',
          }));
          return { status: 'success', outputs: { runpod: { images } } };
        } else if (state.state === 'failed') {
          return { status: 'failed', message: state.message, nodeId: null, nodeType: null };
        } else return { status: 'interrupted' };
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    };
    return poll();
  }

  async cancel(promptId: string): Promise<void> {
    await this.call({ method: 'POST', path: `/cancel/${encodeURIComponent(promptId)}` }, RunPodJobSchema);
  }

  async history(promptId: string): Promise<HistoryEntry | null> {
    return this.finished.history(promptId);
  }

  async openView(file: ViewFile): Promise<ViewedFile> {
    const found = this.finished.file(file.filename);
    if (!found) throw new ComfyHttpError(this.http.baseUrl, 'output', 404, `No output ${file.filename}`);
    if (!found.isUrl) return base64File(found.data);
    const response = await this.http.fetch(found.data, { redirect: 'manual' });
    if (!response.ok || !response.body)
      throw new ComfyHttpError(found.data, 'GET output', response.status, '');
    const length = response.headers.get('content-length');
    return {
      body: response.body,
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      size: length === null ? null : Number(length),
    };
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

  private async call<T extends z.ZodType>(call: HttpCall, schema: T): Promise<z.output<T>> {
    const target = this.apiKey ? { ...this.http, fetch: withKey(this.http.fetch, this.apiKey) } : this.http;
    const response = await send(target, call);
    const text = await readText(target, call, response);
    if (response.status === 401 || response.status === 403 || response.status >= 500) {
      throw new ComfyUnavailableError(
        this.http.baseUrl,
        call.path,
        `answered ${response.status} ${text.slice(0, 200)}`,
      );
    }
    if (!response.ok)
      throw new ComfyHttpError(
        this.http.baseUrl,
        `${call.method ?? 'GET'} ${call.path}`,
        response.status,
        text,
      );
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
