import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ApiPrompt } from '../api-format';
import type { HistoryEntry, QueuedPrompt, UploadedFile } from '../client/answers';
import { ComfyHttpError, ComfyUnavailableError } from '../client/errors';
import type { ViewedFile, ViewFile } from '../client/files';
import { DEFAULT_MAX_ANSWER_BYTES, readText, send, type HttpCall, type HttpTarget } from '../client/http';
import type { ComfyEvent } from '../client/messages';
import type { PromptOutcome } from '../client/outputs';
import type { WaitOptions } from '../client/wait';
import type { ObjectInfo } from '../object-info';
import { base64File, FinishedJobs } from './finished-jobs';
import type { WorkerConnection, WorkerHealth } from './worker-connection';

/** comfyui-api's `prompt.complete` / `prompt.failed` deliveries (`webhook_v2`). */
export const ComfyApiDeliverySchema = z.union([
  z.looseObject({
    type: z.literal('prompt.complete'),
    id: z.string(),
    images: z.array(z.string()),
    filenames: z.array(z.string()),
    stats: z
      .looseObject({
        comfy_execution: z
          .looseObject({ total: z.looseObject({ start: z.number(), end: z.number() }) })
          .optional(),
      })
      .optional(),
  }),
  z.looseObject({ type: z.literal('prompt.failed'), id: z.string(), error: z.string().catch('') }),
]);
export type ComfyApiDelivery = z.infer<typeof ComfyApiDeliverySchema>;

/** A system event (`SYSTEM_WEBHOOK_URL`): ComfyUI's WebSocket message, named `comfy.{type}`. */
export const ComfyApiSystemEventSchema = z.looseObject({
  event: z.string(),
  data: z.looseObject({ type: z.string().optional(), data: z.unknown().optional() }).passthrough(),
});

/**
 * Where the webhook deliveries of comfyui-api meet the jobs waiting for them, in this server process:
 * a delivery that comes before its waiter is kept (bounded) until it is asked for.
 */
export class ComfyApiDeliveries {
  private readonly waiters = new Map<string, (delivery: ComfyApiDelivery) => void>();
  private readonly early = new Map<string, ComfyApiDelivery>();
  private readonly progress = new Map<string, (event: ComfyEvent) => void>();

  deliver(delivery: ComfyApiDelivery): void {
    const waiter = this.waiters.get(delivery.id);
    if (waiter) return waiter(delivery);
    this.early.set(delivery.id, delivery);
    const oldest = this.early.keys().next();
    if (this.early.size > 1000 && !oldest.done) this.early.delete(oldest.value);
  }

  /** A ComfyUI event forwarded by comfyui-api's system webhook, for the job whose prompt it names. */
  event(event: ComfyEvent): void {
    const promptId = (event.data as { prompt_id?: unknown } | null)?.prompt_id;
    if (typeof promptId === 'string') this.progress.get(promptId)?.(event);
  }

  wait(id: string, onProgress: ((event: ComfyEvent) => void) | undefined, signal?: AbortSignal) {
    return new Promise<ComfyApiDelivery>((resolve, reject) => {
      const done = () => {
        this.waiters.delete(id);
        this.progress.delete(id);
        signal?.removeEventListener('abort', abort);
      };
      const abort = () => {
        done();
        reject(signal?.reason);
      };
      const kept = this.early.get(id);
      if (kept) {
        this.early.delete(id);
        return resolve(kept);
      }
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', abort, { once: true });
      this.waiters.set(id, (delivery) => {
        done();
        resolve(delivery);
      });
      if (onProgress) this.progress.set(id, onProgress);
    });
  }
}

export interface ComfyApiWorkerOptions {
  baseUrl: string;
  /** The studio's address for `webhook_v2` deliveries. */
  webhookUrl: string;
  deliveries: ComfyApiDeliveries;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const HealthSchema = z.looseObject({ version: z.string().optional(), status: z.string() });

/**
 * A comfyui-api server (SaladTechnologies) in front of ComfyUI: `POST /prompt` with the API prompt, the
 * studio's chosen id and `webhook_v2` (answered 202 at once), the outcome delivered to the studio's
 * webhook signed per Standard Webhooks, progress from its system webhook, `/interrupt` to cancel,
 * `/health` and `/ready`. Input media reach it as signed addresses, which it downloads itself.
 */
export class ComfyApiWorker implements WorkerConnection {
  readonly clientId = randomUUID();
  /** Every input file travels as an address: comfyui-api downloads URLs given to load nodes. */
  readonly maxInlineBytes = 0;
  private readonly http: HttpTarget;
  private readonly finished = new FinishedJobs();

  constructor(private readonly options: ComfyApiWorkerOptions) {
    this.http = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      timeoutMs: options.timeoutMs ?? 30_000,
      maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
    };
  }

  /** `/health` (warm once), then `/ready` (503 while ComfyUI restarts or its queue is at MAX_QUEUE_DEPTH). */
  async health(): Promise<WorkerHealth> {
    const health = HealthSchema.parse(JSON.parse(await this.call({ path: '/health' })));
    await this.call({ path: '/ready' });
    return { version: health.version ?? null, queueDepth: null, coldStarts: null };
  }

  async objectInfo(): Promise<ObjectInfo> {
    throw new Error(
      'A comfyui-api worker has no node definitions: give the workflow node an API-format workflow.',
    );
  }

  async uploadImage(): Promise<UploadedFile> {
    throw new Error('comfyui-api takes input files as addresses, not uploads.');
  }

  async queuePrompt(prompt: ApiPrompt, options: { promptId?: string } = {}): Promise<QueuedPrompt> {
    const id = options.promptId ?? randomUUID();
    const json = { id, prompt, webhook_v2: this.options.webhookUrl };
    await this.call({ method: 'POST', path: '/prompt', json });
    return { prompt_id: id, number: 0, node_errors: {} };
  }

  async waitForPrompt(promptId: string, options: WaitOptions = {}): Promise<PromptOutcome> {
    const delivery = await this.options.deliveries.wait(promptId, options.onProgress, options.signal);
    if (delivery.type === 'prompt.failed') {
      return {
        status: 'failed',
        message: delivery.error || 'comfyui-api reported a failure.',
        nodeId: null,
        nodeType: null,
      };
    }
    const images = delivery.filenames.map((name, i) => {
      const data = delivery.images[i] ?? '';
      return [name, { data, isUrl: /^(https?|s3):/.test(data) }] as const;
    });
    const total = delivery.stats?.comfy_execution?.total;
    this.finished.keep(promptId, new Map(images), total ? (total.end - total.start) / 1000 : null);
    const files = delivery.filenames.map((filename) => ({ filename, subfolder: '', type: 'output' }));
    return { status: 'success', outputs: { 'comfyui-api': { images: files } } };
  }

  async cancel(promptId: string): Promise<void> {
    // 404 when it is not running (already over): nothing left to stop.
    await this.call({ method: 'POST', path: '/interrupt', json: { id: promptId } }).catch(
      (error: unknown) => {
        if (!(error instanceof ComfyHttpError && error.status === 404)) throw error;
      },
    );
  }

  /** comfyui-api's own timing of ComfyUI's run (`stats.comfy_execution.total`). */
  async history(promptId: string): Promise<HistoryEntry | null> {
    return this.finished.history(promptId);
  }

  async openView(file: ViewFile): Promise<ViewedFile> {
    const found = this.finished.file(file.filename);
    if (!found) throw new ComfyHttpError(this.http.baseUrl, 'output', 404, `No output ${file.filename}`);
    if (found.isUrl)
      throw new Error(
        `comfyui-api uploaded ${file.filename} to ${found.data}: reading bucket uploads back is not supported.`,
      );
    return base64File(found.data);
  }

  /** comfyui-api keeps no queue to search: a job being submitted at a crash is sent again. */
  async findSubmitted(): Promise<string | null> {
    return null;
  }

  async getQueue() {
    return { running: [], pending: [] };
  }

  async capabilities() {
    return { honoursPromptId: true };
  }

  disconnect(): void {}

  private async call(call: HttpCall): Promise<string> {
    const response = await send(this.http, call);
    const text = await readText(this.http, call, response);
    if (response.status >= 500 || (call.path === '/ready' && response.status === 503)) {
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
    return text;
  }
}
