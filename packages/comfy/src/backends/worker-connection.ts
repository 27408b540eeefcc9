import type { ApiPrompt } from '../api-format';
import type { ComfyQueue, HistoryEntry, QueuedPrompt, UploadedFile } from '../client/answers';
import type { UploadOptions, ViewedFile, ViewFile } from '../client/files';
import type { SubmittedPrompt } from '../client/find-prompt';
import type { PromptOutcome } from '../client/outputs';
import type { QueuePromptOptions } from '../client/prompts';
import type { WaitOptions } from '../client/wait';
import type { ObjectInfo } from '../object-info';

/** What a health check learns of a worker. */
export interface WorkerHealth {
  /** ComfyUI's version when the backend tells it. */
  version: string | null;
  /** Jobs waiting on the backend (RunPod's queue), null when it does not say. */
  queueDepth: number | null;
  /** Workers starting up right now (RunPod's cold starts), null when it does not say. */
  coldStarts: number | null;
}

/**
 * One worker as the engine drives it, whatever runs behind it: a ComfyUI server, a comfyui-api server
 * or a RunPod serverless endpoint with worker-comfyui. Health, submit, progress (through `waitForPrompt`),
 * cancel and outputs (through `openView`); capacity is the worker's own setting. Prompt ids are the
 * backend's job ids.
 */
export interface WorkerConnection {
  readonly clientId: string;
  /** Input files larger than this reach the worker as signed addresses rather than uploads (none: all uploaded). */
  readonly maxInlineBytes?: number;
  health(): Promise<WorkerHealth>;
  /** Node definitions, to convert a UI workflow; a backend without them refuses (an API workflow is needed). */
  objectInfo(): Promise<ObjectInfo>;
  /** Hands an input file to the worker; the returned name is what the prompt refers to. */
  uploadImage(bytes: Uint8Array, filename: string, options?: UploadOptions): Promise<UploadedFile>;
  queuePrompt(prompt: ApiPrompt, options?: QueuePromptOptions): Promise<QueuedPrompt>;
  waitForPrompt(promptId: string, options?: WaitOptions): Promise<PromptOutcome>;
  cancel(promptId: string): Promise<void>;
  /** The finished prompt's entry, with the backend's own execution timestamps when it has them. */
  history(promptId: string): Promise<HistoryEntry | null>;
  /** An output file of a finished prompt, as `waitForPrompt`'s outputs name it. */
  openView(file: ViewFile): Promise<ViewedFile>;
  /** A prompt submitted before a crash, found again; null when the backend cannot tell or never got it. */
  findSubmitted(submitted: SubmittedPrompt): Promise<string | null>;
  /** Prompts the worker holds (ComfyUI); empty for backends that keep no shared queue. */
  getQueue(): Promise<ComfyQueue>;
  /** Whether the backend keeps a client-chosen prompt id. */
  capabilities(): Promise<{ honoursPromptId: boolean }>;
  disconnect(): void;
}
