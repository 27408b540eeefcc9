import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ApiPrompt } from '../api-format';
import type { HistoryEntry, QueuedPrompt, UploadedFile } from '../client/answers';
import { ComfyHttpError } from '../client/errors';
import type { ViewedFile, ViewFile } from '../client/files';
import type { SubmittedPrompt } from '../client/find-prompt';
import type { HttpCall, HttpTarget } from '../client/http';
import type { PromptOutcome } from '../client/outputs';
import type { WaitOptions } from '../client/wait';
import type { ObjectInfo } from '../object-info';
import {
  backendCall,
  backendTarget,
  neverReceived,
  pollPause,
  UnconfirmedPrompts,
  type BackendAddress,
} from './backend-http';
import { FinishedJobs } from './finished-jobs';
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

/** What the studio received from comfyui-api's webhooks for one prompt. */
export interface ComfyApiReceived {
  /** The outcome (`prompt.complete` / `prompt.failed`), null while the prompt runs. */
  delivery: ComfyApiDelivery | null;
  /** ComfyUI's `execution_start` for the prompt came (system webhook). */
  started: boolean;
  /** ComfyUI's last `progress` of the prompt (system webhook), null before any. */
  progress: { value: number; max: number } | null;
}

/**
 * Where comfyui-api's webhook deliveries are kept until their job reads them: the studio's database, so
 * a delivery that reaches another studio process, or comes after a restart, is not lost.
 */
export interface ComfyApiInbox {
  read(promptId: string): Promise<ComfyApiReceived | null>;
}

/** An S3 bucket comfyui-api uploads outputs to (its `s3` request option), which the studio reads back. */
export interface ComfyApiOutputBucket {
  bucket: string;
  /** Where in the bucket comfyui-api puts them, e.g. `comfyui-api-outputs/`. */
  prefix: string;
  /** Opens an object of the bucket by its key. */
  read(key: string): Promise<ViewedFile>;
}

export interface ComfyApiWorkerOptions extends BackendAddress {
  /** The studio's address for `webhook_v2` deliveries. */
  webhookUrl: string;
  inbox: ComfyApiInbox;
  /** Outputs go to this bucket instead of base64 in the delivery. */
  outputBucket?: ComfyApiOutputBucket;
  /**
   * How long a prompt adopted after a restart may stay without any webhook delivery before it counts as
   * never received (comfyui-api has no endpoint to look a prompt up).
   */
  unconfirmedMs?: number;
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
  private readonly unconfirmed: UnconfirmedPrompts;

  constructor(private readonly options: ComfyApiWorkerOptions) {
    this.http = backendTarget(options);
    this.unconfirmed = new UnconfirmedPrompts(options.unconfirmedMs);
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
    const bucket = this.options.outputBucket;
    const s3 = bucket && { bucket: bucket.bucket, prefix: bucket.prefix };
    const json = { id, prompt, webhook_v2: this.options.webhookUrl, ...(s3 && { s3 }) };
    await this.call({ method: 'POST', path: '/prompt', json });
    return { prompt_id: id, number: 0, node_errors: {} };
  }

  /**
   * Reads the prompt's deliveries from the inbox every `pollMs` until its outcome is there, passing its
   * start and progress on as ComfyUI's own events.
   */
  async waitForPrompt(promptId: string, options: WaitOptions = {}): Promise<PromptOutcome> {
    let started = false;
    let progress = '';
    for (;;) {
      options.signal?.throwIfAborted();
      const received = await this.options.inbox.read(promptId);
      if (received) {
        this.unconfirmed.confirm(promptId);
        if (received.started && !started) {
          started = true;
          options.onProgress?.({ type: 'execution_start', data: { prompt_id: promptId } });
        }
        if (received.progress && JSON.stringify(received.progress) !== progress) {
          progress = JSON.stringify(received.progress);
          const data = { ...received.progress, prompt_id: promptId, node: null };
          options.onProgress?.({ type: 'progress', data });
        }
        if (received.delivery) return this.outcomeOf(promptId, received.delivery);
      } else if (this.unconfirmed.expired(promptId)) {
        return neverReceived(promptId, this.http.baseUrl, 'comfyui-api');
      }
      await pollPause(options.pollMs ?? 1000, options.signal);
    }
  }

  private outcomeOf(promptId: string, delivery: ComfyApiDelivery): PromptOutcome {
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

  /** An output from the delivery: base64, or read back from the studio's bucket it was uploaded to. */
  async openView(file: ViewFile): Promise<ViewedFile> {
    return this.finished.open(file.filename, this.http.baseUrl, (url) => {
      const bucket = this.options.outputBucket;
      const key = bucket && url.startsWith(`s3://${bucket.bucket}/`) && url.slice(bucket.bucket.length + 6);
      if (!key)
        throw new Error(`comfyui-api uploaded ${file.filename} to ${url}, outside the studio's bucket.`);
      return bucket.read(key);
    });
  }

  /**
   * comfyui-api keeps no queue to search: a prompt whose id the studio recorded before submitting is
   * followed by its webhook deliveries. Without any, it counts as never received after `unconfirmedMs`
   * (then it is submitted again).
   */
  async findSubmitted(submitted: SubmittedPrompt): Promise<string | null> {
    if (!(await this.options.inbox.read(submitted.promptId))) this.unconfirmed.add(submitted.promptId);
    return submitted.promptId;
  }

  async getQueue() {
    return { running: [], pending: [] };
  }

  async capabilities() {
    return { honoursPromptId: true };
  }

  disconnect(): void {}

  /** `/ready` answers 503 while ComfyUI restarts or its queue is full: no work for it now. */
  private call(call: HttpCall): Promise<string> {
    return backendCall(this.http, call, (status) => call.path === '/ready' && status === 503);
  }
}
