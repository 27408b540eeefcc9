import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { z } from 'zod';
import type { ApiPrompt } from '../api-format';
import type { WorkerConnection, WorkerHealth } from '../backends/worker-connection';
import { ObjectInfoSchema, type NodeDefinition, type ObjectInfo } from '../object-info';
import {
  HistoryEntrySchema,
  QueueSchema,
  SystemStatsSchema,
  type ComfyQueue,
  type HistoryEntry,
  type QueuedPrompt,
  type SystemStats,
  type UploadedFile,
} from './answers';
import { ComfyHttpError, ComfyUnavailableError } from './errors';
import {
  openViewFile,
  uploadFile,
  viewFile,
  type UploadOptions,
  type ViewedFile,
  type ViewFile,
} from './files';
import { findSubmittedPrompt, type SubmittedPrompt } from './find-prompt';
import { HeardPrompts } from './heard-prompts';
import { sharedDefinitions } from './shared-definitions';
import {
  DEFAULT_MAX_ANSWER_BYTES,
  parseJson,
  readText,
  send,
  sendJson,
  sendOk,
  type HttpCall,
  type HttpTarget,
} from './http';
import type { ComfyEvent } from './messages';
import type { PromptOutcome } from './outputs';
import { submitPrompt, type QueuePromptOptions } from './prompts';
import { ComfySocket, type SocketFactory } from './socket';
import { capabilitiesOf, type ComfyCapabilities } from './version';
import { waitForPrompt, type PromptSource, type WaitOptions } from './wait';

/** How to reach one ComfyUI worker. */
export interface ComfyClientOptions {
  /** The worker's address, e.g. 'http://127.0.0.1:8188'. */
  baseUrl: string;
  /** The id prompts are submitted with and the WebSocket follows (a random UUID by default). */
  clientId?: string;
  fetch?: typeof fetch;
  /** Timeout of each HTTP call (default 30 s). */
  timeoutMs?: number;
  /** Timeout of uploads and downloads through `/view` (default 5 min). */
  transferTimeoutMs?: number;
  /** The largest JSON or text answer read into memory (default 64 MiB); files are streamed instead. */
  maxAnswerBytes?: number;
  /** The WebSocket class (default: `ws`'s). */
  WebSocket?: SocketFactory;
}

/**
 * The HTTP + WebSocket client of one ComfyUI worker (0.3.18 and 0.8.0 recorded and tested). HTTP calls
 * fail with `ComfyUnavailableError` when the worker cannot be reached, `ComfyHttpError` on unexpected
 * statuses and `ComfyPromptError` when a prompt is refused.
 */
export class ComfyClient implements PromptSource, WorkerConnection {
  readonly baseUrl: string;
  readonly clientId: string;
  private known: ComfyCapabilities | null = null;
  private readonly http: HttpTarget;
  private readonly transferTimeoutMs: number;
  private readonly listeners = new Set<(event: ComfyEvent) => void>();
  private readonly connectListeners = new Set<() => void>();
  private readonly socket: ComfySocket;
  private readonly heard = new HeardPrompts();

  constructor(options: ComfyClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.clientId = options.clientId ?? randomUUID();
    this.http = {
      baseUrl: this.baseUrl,
      // A wrapper, so the global fetch is never called with another `this`.
      fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      // Without a `fetch` of the caller's, calls go through Node's cheaper HTTP client (forms excepted).
      plain: !options.fetch,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxAnswerBytes: options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    };
    this.transferTimeoutMs = options.transferTimeoutMs ?? 300_000;
    const wsUrl = `${this.baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(this.clientId)}`;
    this.socket = new ComfySocket(wsUrl, options.WebSocket ?? WebSocket, {
      onEvent: (event) => {
        this.heard.hear(event); // before the listeners: a waiter told of the end finds the outcome here
        this.listeners.forEach((listener) => safely(() => listener(event)));
      },
      onOpen: () => {
        this.heard.clear();
        this.connectListeners.forEach((listener) => safely(listener));
      },
    });
  }

  /** Known after `systemStats()` (or `capabilities()`): what this worker's version does. */
  get detected(): ComfyCapabilities | null {
    return this.known;
  }

  /** `GET /system_stats`; also records the worker's version and capabilities in `detected`. */
  async systemStats(): Promise<SystemStats> {
    const stats = await sendJson(this.http, { path: '/system_stats' }, SystemStatsSchema);
    this.known = capabilitiesOf(stats.system.comfyui_version ?? null);
    return stats;
  }

  /** The worker's health as the pool records it: its version (ComfyUI keeps no queue depth of its own). */
  async health(): Promise<WorkerHealth> {
    const stats = await this.systemStats();
    return { version: stats.system.comfyui_version ?? null, queueDepth: null, coldStarts: null };
  }

  /** The worker's version and capabilities, asking `/system_stats` once. */
  async capabilities(): Promise<ComfyCapabilities> {
    return this.known ?? capabilitiesOf((await this.systemStats()).system.comfyui_version ?? null);
  }

  /** `GET /object_info`: every node class the worker knows. */
  async objectInfo(): Promise<ObjectInfo> {
    const call: HttpCall = { path: '/object_info' };
    const text = await sendOk(this.http, call);
    return sharedDefinitions(text, () => parseJson(this.http, call, text, ObjectInfoSchema));
  }

  /** `GET /object_info/{class}`: one node definition, or null when the worker lacks that class. */
  async objectInfoFor(className: string): Promise<NodeDefinition | null> {
    const call: HttpCall = { path: `/object_info/${encodeURIComponent(className)}` };
    const response = await send(this.http, call);
    const text = await readText(this.http, call, response);
    if (response.status === 404) return null;
    if (!response.ok) throw new ComfyHttpError(this.baseUrl, 'GET /object_info', response.status, text);
    return parseJson(this.http, call, text, ObjectInfoSchema)[className] ?? null;
  }

  /** `POST /upload/image` (multipart). Returns where the file landed; ComfyUI may rename it. */
  uploadImage(
    bytes: Uint8Array | ArrayBuffer | Blob,
    filename: string,
    options: UploadOptions = {},
  ): Promise<UploadedFile> {
    return uploadFile(this.http, bytes, filename, { ...options, timeoutMs: this.transferTimeoutMs });
  }

  /**
   * `POST /prompt` with this client's id. Follow the returned `prompt_id`: 0.3.18 ignores a chosen one.
   * Throws `ComfyPromptError` when the worker refuses the prompt.
   */
  queuePrompt(prompt: ApiPrompt, options: QueuePromptOptions = {}): Promise<QueuedPrompt> {
    return submitPrompt(this.http, this.clientId, prompt, options);
  }

  /** `GET /queue`: the running and waiting prompts. */
  getQueue(signal?: AbortSignal): Promise<ComfyQueue> {
    return sendJson(this.http, { path: '/queue', signal }, QueueSchema);
  }

  /** `POST /queue {delete}`: removes waiting prompts (a running one must be interrupted). */
  async deleteFromQueue(promptIds: readonly string[]): Promise<void> {
    await sendOk(this.http, { method: 'POST', path: '/queue', json: { delete: promptIds } });
  }

  /**
   * `POST /interrupt`. Without an id, stops whatever runs. With an id, 0.8.0 stops only that prompt;
   * 0.3.18 would stop whatever runs, so there the client first checks that the prompt is the running
   * one (a small race remains if it ends between the check and the call). Returns whether it was sent.
   */
  async interrupt(promptId?: string): Promise<boolean> {
    if (promptId && !(await this.capabilities()).targetedInterrupt) {
      const queue = await this.getQueue();
      if (!queue.running.some((item) => item.prompt_id === promptId)) return false;
    }
    const json = promptId ? { prompt_id: promptId } : {};
    await sendOk(this.http, { method: 'POST', path: '/interrupt', json });
    return true;
  }

  /** Cancels a prompt wherever it is: removed from the queue when waiting, interrupted when running. */
  async cancel(promptId: string): Promise<void> {
    await this.deleteFromQueue([promptId]);
    await this.interrupt(promptId);
  }

  /** `GET /history/{id}`: the finished prompt's entry, null while it waits or runs (`{}`). */
  async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | null> {
    const call: HttpCall = { path: `/history/${encodeURIComponent(promptId)}`, signal };
    const entries = await sendJson(this.http, call, z.record(z.string(), HistoryEntrySchema));
    return entries[promptId] ?? null;
  }

  /**
   * The id of a prompt submitted earlier as it is on the worker (queued, running or finished), or null
   * when it never arrived: what a restarted studio asks before submitting a job's prompt again.
   */
  findSubmitted(submitted: SubmittedPrompt): Promise<string | null> {
    return findSubmittedPrompt(
      { getQueue: () => this.getQueue(), history: (id) => this.history(id), http: this.http },
      submitted,
    );
  }

  /** `GET /view` into memory: a small file's bytes and content type (at most `maxAnswerBytes`). */
  view(file: ViewFile): Promise<{ bytes: Uint8Array; contentType: string }> {
    return viewFile(this.http, file, this.transferTimeoutMs);
  }

  /** `GET /view` as a stream, for output files of any size: the caller reads it with its own limit. */
  openView(file: ViewFile): Promise<ViewedFile> {
    return openViewFile(this.http, file, this.transferTimeoutMs);
  }

  /** Opens the WebSocket `/ws?clientId=`; reconnects with back-off after drops until `disconnect()`. */
  async connect(): Promise<void> {
    try {
      await this.socket.start();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ComfyUnavailableError(this.baseUrl, 'WebSocket /ws', reason, { cause: error });
    }
  }

  /** Closes the WebSocket for good; waiting prompts go on by polling `/history`. */
  disconnect(): void {
    this.socket.close();
  }

  /** Closes the current WebSocket as a network failure would; it reconnects with back-off. */
  dropConnection(): void {
    this.socket.drop();
  }

  /** True while the WebSocket is open. */
  get connected(): boolean {
    return this.socket.connected;
  }

  /** Listens to every typed WebSocket event; returns the unsubscribe function. */
  on(listener: (event: ComfyEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to WebSocket (re)connections; returns the unsubscribe function. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  /**
   * A prompt's success as this client's WebSocket heard it whole (start, outputs, end), once: what
   * spares `waitForPrompt` a `/history` call. Null when it was not heard whole.
   */
  heardOutcome(promptId: string): PromptOutcome | null {
    return this.heard.take(promptId);
  }

  /** Resolves with a prompt's final outcome: WebSocket events when connected, `/history` polling always. */
  waitForPrompt(promptId: string, options?: WaitOptions): Promise<PromptOutcome> {
    return waitForPrompt(this, promptId, options);
  }
}

/** A listener that throws must not break the socket's message handling. */
function safely(run: () => void): void {
  try {
    run();
  } catch {
    // Listeners report their own errors.
  }
}
