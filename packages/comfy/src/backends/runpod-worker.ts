import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ApiPrompt } from '../api-format';
import type { ObjectInfo } from '../object-info';
import type { HistoryEntry, QueuedPrompt, UploadedFile } from '../client/answers';
import { ComfyHttpError } from '../client/errors';
import type { ViewedFile, ViewFile } from '../client/files';
import { parseJson, type HttpCall, type HttpTarget } from '../client/http';
import type { SubmittedPrompt } from '../client/find-prompt';
import type { PromptOutcome } from '../client/outputs';
import type { WaitOptions } from '../client/wait';
import {
  backendCall,
  backendTarget,
  neverReceived,
  pollPause,
  UnconfirmedPrompts,
  type BackendAddress,
} from './backend-http';
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
  /** RunPod's API key. */
  apiKey?: string | null;
  /**
   * The studio's webhook for a job, by the prompt id it recorded before submitting: RunPod calls it when
   * the job ends, telling its own job id, so a job submitted just before a crash is found again.
   */
  webhookUrl?: (promptId: string) => string;
  /** RunPod's job id for a recorded prompt id, once the job's webhook told it (null before). */
  findJob?: (promptId: string) => Promise<string | null>;
  /** How long a job adopted after a restart waits for its webhook before it counts as never received. */
  unconfirmedMs?: number;
}

/**
 * What a `/health` answered 404 means: an address that is not RunPod's hosted API, most likely the
 * runpod SDK's local test API (`--rp_serve_api`, worker-comfyui's SERVE_API_LOCALLY=true), which runs a
 * job inside `POST /status/{id}` and has no `/health` or `/cancel`.
 */
const LOCAL_API =
  "This address has no RunPod /health: it is not RunPod's API (https://api.runpod.ai/v2/<endpoint-id>). A worker-comfyui container run with SERVE_API_LOCALLY=true serves only RunPod's local test API: add its ComfyUI (port 8188) as a ComfyUI worker instead.";

/** RunPod answers `/run` bodies over this with 413; input images beyond it go by URL instead. */
export const RUNPOD_MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Input files up to this size travel base64 in `/run` (a third larger there); bigger ones by URL. */
const MAX_INLINE_BYTES = 3 * 1024 * 1024;

/**
 * A RunPod serverless endpoint running worker-comfyui (RunPod's hosted API, `api.runpod.ai/v2/{id}`):
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
  private readonly unconfirmed: UnconfirmedPrompts;

  constructor(private readonly options: RunPodWorkerOptions) {
    this.apiKey = options.apiKey ?? null;
    this.http = backendTarget(options);
    this.unconfirmed = new UnconfirmedPrompts(options.unconfirmedMs);
  }

  async health(): Promise<WorkerHealth> {
    const health = await this.call({ path: '/health' }, RunPodHealthSchema).catch((error: unknown) => {
      if (error instanceof ComfyHttpError && error.status === 404)
        throw new Error(LOCAL_API, { cause: error });
      throw error;
    });
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

  async queuePrompt(prompt: ApiPrompt, options: { promptId?: string } = {}): Promise<QueuedPrompt> {
    const used = [...this.inputs.keys()].filter((name) =>
      JSON.stringify(prompt).includes(JSON.stringify(name)),
    );
    const images = used.map((name) => ({
      name,
      image: Buffer.from(this.inputs.get(name)!).toString('base64'),
    }));
    for (const name of used) this.inputs.delete(name);
    const { webhookUrl } = this.options;
    const webhook = webhookUrl && options.promptId ? { webhook: webhookUrl(options.promptId) } : {};
    const json = { input: { workflow: prompt, images }, ...webhook };
    const job = await this.call({ method: 'POST', path: '/run', json }, RunPodJobSchema);
    return { prompt_id: job.id, number: 0, node_errors: {} };
  }

  /**
   * Polls `/status/{id}` until the job ends. While it runs, step progress comes from what the handler
   * reports: a `progress_update` in the status output, or `/stream/{id}` chunks (worker-comfyui 5.x
   * reports none: the job then shows only as running).
   */
  async waitForPrompt(promptId: string, options: WaitOptions = {}): Promise<PromptOutcome> {
    const signal = options.signal;
    const jobId = await this.adoptedJob(promptId, options);
    if (jobId === null) return neverReceived(promptId, this.http.baseUrl, 'RunPod');
    const id = encodeURIComponent(jobId);
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

  /**
   * RunPod's id of the job: the prompt id itself, or for a job adopted after a restart before RunPod's
   * id was recorded, the id its webhook tells (null when none came in time: it never reached RunPod).
   */
  private async adoptedJob(promptId: string, options: WaitOptions): Promise<string | null> {
    if (!this.unconfirmed.has(promptId)) return promptId;
    for (;;) {
      const found = await this.options.findJob!(promptId);
      if (found) {
        this.unconfirmed.confirm(promptId);
        return found;
      }
      if (this.unconfirmed.expired(promptId)) return null;
      await pollPause(options.pollMs ?? 1000, options.signal);
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

  /**
   * RunPod picks its own job ids and cannot be searched: a job the studio recorded but whose RunPod id
   * it did not is found by its webhook (`findJob`), waited for up to `unconfirmedMs`. Without webhooks
   * it is submitted again.
   */
  async findSubmitted(submitted: SubmittedPrompt): Promise<string | null> {
    if (!this.options.findJob) return null;
    const found = await this.options.findJob(submitted.promptId);
    if (found) return found;
    this.unconfirmed.add(submitted.promptId);
    return submitted.promptId;
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
