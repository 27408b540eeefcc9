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
import { backendCall, backendTarget, pollPause, type BackendAddress } from './backend-http';
import { FinishedJobs } from './finished-jobs';
import type { WorkerConnection, WorkerHealth } from './worker-connection';

/** comfyui-api's timing of ComfyUI's run (`stats.comfy_execution`, epoch milliseconds). */
const ExecutionSchema = z.looseObject({
  start: z.number().optional(),
  end: z.number().optional(),
  duration: z.number().optional(),
});

/**
 * comfyui-api's `prompt.complete` / `prompt.failed` deliveries (`webhook_v2`), as 1.18 sends them: the
 * request echoed, `images` (base64, or the upload's URL), `filenames`, and `stats` whose
 * `comfy_execution` is `{start, end, duration, nodes}`. Stats are informative: a shape the studio does
 * not know costs the GPU time, never the take.
 */
export const ComfyApiDeliverySchema = z.discriminatedUnion('type', [
  z.looseObject({
    type: z.literal('prompt.complete'),
    id: z.string(),
    images: z.array(z.string()),
    filenames: z.array(z.string()),
    stats: z
      .looseObject({ comfy_execution: ExecutionSchema.optional().catch(undefined) })
      .optional()
      .catch(undefined),
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
  /** When the last word for the prompt came. */
  at: Date;
}

/**
 * Where comfyui-api's webhook deliveries are kept until their job reads them: the studio's database, so
 * a delivery that reaches another studio process, or comes after a restart, is not lost. Base64 outputs
 * are kept in the studio's storage; the delivery names them `stored:{key}`.
 */
export interface ComfyApiInbox {
  read(promptId: string): Promise<ComfyApiReceived | null>;
  /** An output the inbox kept (`stored:{key}` in a delivery's `images`). */
  open?(key: string): Promise<ViewedFile>;
}

/** How a delivery kept by the inbox names an output it stored. */
export const STORED_OUTPUT = 'stored:';

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
   * How long comfyui-api may say nothing about any of this connection's prompts (no submit, event or
   * outcome) before its waiting prompts count as lost (COMFYUI_API_LOST_AFTER_S): it keeps prompts in
   * memory only and drops a delivery after three failed tries, and has no endpoint to look one up.
   */
  lostAfterMs?: number;
  /** How often a waiting prompt's server is asked `/health` (a server that went away lost its prompts). */
  healthEveryMs?: number;
}

/** COMFYUI_API_LOST_AFTER_S' default: longer than a long video job without system events. */
export const COMFYUI_API_LOST_AFTER_MS = 30 * 60 * 1000;
/** A prompt submitted after this one had its outcome this long ago: this one's outcome was lost. */
const OVERTAKEN_GRACE_MS = 30_000;
/** Prompts sent this much apart reach comfyui-api's ComfyUI in that order (its 202 comes before). */
const CLEARLY_LATER_MS = 2_000;
const HEALTH_EVERY_MS = 2_000;
/** `POST /prompt` answers once comfyui-api downloaded the prompt's URL inputs (LoadImage, LoRAs...). */
const SUBMIT_TIMEOUT_MS = 10 * 60_000;

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
  /**
   * When comfyui-api took each prompt this connection follows (its ComfyUI runs them in that order); 0
   * for one adopted after a restart, taken before any this connection sends.
   */
  private readonly taken = new Map<string, number>();
  /** Prompts whose outcome came: when each was taken, and when its outcome came. */
  private readonly outcomes: { taken: number; at: number }[] = [];
  /** The last word from comfyui-api about any of this connection's prompts. */
  private lastWord = Date.now();
  private healthCheck: { at: number; done: Promise<void> } | null = null;
  private healthFailures = 0;

  constructor(private readonly options: ComfyApiWorkerOptions) {
    this.http = backendTarget(options);
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

  /**
   * comfyui-api replaces each `filename_prefix` with `{id}_{prefix}` (PREPEND_FILENAMES, its default) or
   * `{id}`, and reads outputs back from its output folder's top level only: a prefix with a folder in it
   * would leave `images` empty, so folders become part of the name.
   */
  async queuePrompt(prompt: ApiPrompt, options: { promptId?: string } = {}): Promise<QueuedPrompt> {
    const id = options.promptId ?? randomUUID();
    const bucket = this.options.outputBucket;
    const s3 = bucket && { bucket: bucket.bucket, prefix: bucket.prefix };
    const json = { id, prompt: flatPrefixes(prompt), webhook_v2: this.options.webhookUrl, ...(s3 && { s3 }) };
    // comfyui-api downloads the prompt's URL inputs before it answers.
    await this.call({ method: 'POST', path: '/prompt', json, timeoutMs: SUBMIT_TIMEOUT_MS });
    this.taken.set(id, Date.now());
    this.lastWord = Date.now();
    return { prompt_id: id, number: 0, node_errors: {} };
  }

  /**
   * Reads the prompt's deliveries from the inbox every `pollMs` until its outcome is there, passing its
   * start and progress on as ComfyUI's own events. comfyui-api keeps its prompts in memory and gives a
   * delivery up after three tries a second apart, so a prompt is lost (and its job queued again) when
   * the server stops answering `/health`, when a prompt it took later already had its outcome, or when
   * it said nothing about any prompt for `lostAfterMs`.
   */
  async waitForPrompt(promptId: string, options: WaitOptions = {}): Promise<PromptOutcome> {
    if (!this.taken.has(promptId)) this.taken.set(promptId, 0);
    const taken = this.taken.get(promptId)!;
    let started = false;
    let progress = '';
    let seen = 0;
    try {
      for (;;) {
        options.signal?.throwIfAborted();
        const received = await this.options.inbox.read(promptId);
        if (received) {
          if (received.at.getTime() > seen) {
            seen = received.at.getTime();
            this.lastWord = Math.max(this.lastWord, seen);
          }
          if (received.started && !started) {
            started = true;
            options.onProgress?.({ type: 'execution_start', data: { prompt_id: promptId } });
          }
          if (received.progress && JSON.stringify(received.progress) !== progress) {
            progress = JSON.stringify(received.progress);
            const data = { ...received.progress, prompt_id: promptId, node: null };
            options.onProgress?.({ type: 'progress', data });
          }
          if (received.delivery) {
            this.outcomes.push({ taken, at: Date.now() });
            return this.outcomeOf(promptId, received.delivery);
          }
        }
        const lost = this.lostReason(taken);
        if (lost) return lostPrompt(promptId, this.http.baseUrl, lost);
        await this.checkHealth();
        await pollPause(options.pollMs ?? 1000, options.signal);
      }
    } finally {
      this.taken.delete(promptId);
    }
  }

  private lostReason(taken: number): string | null {
    const now = Date.now();
    const overtaken = this.outcomes.some(
      (o) => o.taken > taken + CLEARLY_LATER_MS && now - o.at > OVERTAKEN_GRACE_MS,
    );
    if (overtaken) {
      return 'a prompt it took later already had its outcome, and none came for this one (comfyui-api gives a delivery up after three tries)';
    }
    const lostAfterMs = this.options.lostAfterMs ?? COMFYUI_API_LOST_AFTER_MS;
    if (now - this.lastWord > lostAfterMs) {
      return `it said nothing about any prompt for ${Math.round(lostAfterMs / 1000)} s (COMFYUI_API_LOST_AFTER_S)`;
    }
    // Outcomes of prompts taken before every one still waited for tell nothing any more.
    const oldest = Math.min(...this.taken.values());
    const kept = this.outcomes.filter((o) => o.taken > oldest);
    this.outcomes.splice(0, this.outcomes.length, ...kept);
    return null;
  }

  /**
   * One `/health` call per connection every few seconds, shared by its waiting prompts; the second
   * failure in a row means the server went away with its prompts (a lone one may be a network blip).
   */
  private checkHealth(): Promise<void> {
    const every = this.options.healthEveryMs ?? HEALTH_EVERY_MS;
    if (!this.healthCheck || Date.now() - this.healthCheck.at > every) {
      const done = this.call({ path: '/health' }).then(
        () => {
          this.healthFailures = 0;
        },
        (error: unknown) => {
          if (++this.healthFailures < 2) return;
          // The prompts waiting now are lost; later ones start counting afresh.
          this.healthFailures = 0;
          this.healthCheck = null;
          throw error;
        },
      );
      this.healthCheck = { at: Date.now(), done };
    }
    return this.healthCheck.done;
  }

  private outcomeOf(promptId: string, delivery: ComfyApiDelivery): PromptOutcome {
    if (delivery.type === 'prompt.failed') {
      const message = delivery.error || 'comfyui-api reported a failure.';
      // comfyui-api 1.18 says this of every failure (a node's error, an interrupt), without ComfyUI's words.
      const vague = message === 'Failed to get prompt outputs';
      const detail = vague
        ? ": the prompt failed or was interrupted (comfyui-api passes no detail on; ComfyUI's log has it)"
        : '';
      return { status: 'failed', message: `${message}${detail}`, nodeId: null, nodeType: null };
    }
    const images = delivery.filenames.map((name, i) => {
      const data = delivery.images[i] ?? '';
      return [name, { data, isUrl: /^(https?|s3|stored):/.test(data) }] as const;
    });
    this.finished.keep(promptId, new Map(images), executionSeconds(delivery));
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

  /** comfyui-api's own timing of ComfyUI's run (`stats.comfy_execution`). */
  async history(promptId: string): Promise<HistoryEntry | null> {
    return this.finished.history(promptId);
  }

  /** An output from the delivery: kept by the inbox, or read back from the studio's bucket. */
  async openView(file: ViewFile): Promise<ViewedFile> {
    return this.finished.open(file.filename, this.http.baseUrl, (url) => {
      const { inbox, outputBucket: bucket } = this.options;
      if (url.startsWith(STORED_OUTPUT) && inbox.open) return inbox.open(url.slice(STORED_OUTPUT.length));
      const key = bucket && url.startsWith(`s3://${bucket.bucket}/`) && url.slice(bucket.bucket.length + 6);
      if (!key)
        throw new Error(`comfyui-api uploaded ${file.filename} to ${url}, outside the studio's bucket.`);
      return bucket.read(key);
    });
  }

  /**
   * comfyui-api keeps no queue to search: a prompt whose id the studio recorded before submitting is
   * followed by its webhook deliveries, and counts as lost by the rules of `waitForPrompt`.
   */
  async findSubmitted(submitted: SubmittedPrompt): Promise<string | null> {
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

/** GPU seconds from `stats.comfy_execution`: its `duration`, or `end - start`. */
function executionSeconds(delivery: Extract<ComfyApiDelivery, { type: 'prompt.complete' }>): number | null {
  const run = delivery.stats?.comfy_execution;
  if (!run) return null;
  const ms = run.duration ?? (run.end && run.start ? run.end - run.start : undefined);
  return ms !== undefined && ms >= 0 ? ms / 1000 : null;
}

/** The prompt with every `filename_prefix` free of folders (`cinegraph/{id}` becomes `cinegraph_{id}`). */
function flatPrefixes(prompt: ApiPrompt): ApiPrompt {
  const flat: ApiPrompt = {};
  for (const [id, node] of Object.entries(prompt)) {
    const prefix = node.inputs.filename_prefix;
    flat[id] =
      typeof prefix === 'string' && /[/\\]/.test(prefix)
        ? { ...node, inputs: { ...node.inputs, filename_prefix: prefix.replace(/[/\\]+/g, '_') } }
        : node;
  }
  return flat;
}

/** A prompt comfyui-api can no longer finish: the engine sends its job back to the queue. */
function lostPrompt(promptId: string, baseUrl: string, reason: string): PromptOutcome {
  const message = `Prompt ${promptId} is no longer on ComfyUI worker ${baseUrl}: ${reason}.`;
  return { status: 'failed', message, nodeId: null, nodeType: null };
}
