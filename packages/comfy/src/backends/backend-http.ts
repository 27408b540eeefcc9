import { ComfyHttpError, ComfyUnavailableError } from '../client/errors';
import { DEFAULT_MAX_ANSWER_BYTES, readText, send, type HttpCall, type HttpTarget } from '../client/http';
import type { PromptOutcome } from '../client/outputs';

/** How the studio reaches a serverless backend (RunPod, comfyui-api). */
export interface BackendAddress {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function backendTarget(address: BackendAddress): HttpTarget {
  return {
    baseUrl: address.baseUrl.replace(/\/+$/, ''),
    fetch: address.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: address.timeoutMs ?? 30_000,
    maxAnswerBytes: DEFAULT_MAX_ANSWER_BYTES,
  };
}

/**
 * Sends a call and reads its answer. A 5xx, or another status `unavailable` names, means the backend
 * cannot take work now (`ComfyUnavailableError`: it leaves routing until its next good health check);
 * any other error status is the call's own failure.
 */
export async function backendCall(
  target: HttpTarget,
  call: HttpCall,
  unavailable: (status: number) => boolean = () => false,
): Promise<string> {
  const response = await send(target, call);
  const text = await readText(target, call, response);
  if (response.status >= 500 || unavailable(response.status)) {
    const reason = `answered ${response.status} ${text.slice(0, 200)}`;
    throw new ComfyUnavailableError(target.baseUrl, call.path, reason);
  }
  if (!response.ok) {
    throw new ComfyHttpError(target.baseUrl, `${call.method ?? 'GET'} ${call.path}`, response.status, text);
  }
  return text;
}

/** The pause between two polls of a job, cut short when the job's signal aborts. */
export function pollPause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** How long a job adopted after a restart waits for the backend's first word before it counts as lost. */
export const UNCONFIRMED_MS = 30 * 60 * 1000;

/**
 * Prompts adopted after a studio restart that the backend (which cannot be searched) has not confirmed
 * yet by a webhook delivery; each is waited for until its deadline, then counts as never received.
 */
export class UnconfirmedPrompts {
  private readonly deadlines = new Map<string, number>();

  constructor(private readonly waitMs = UNCONFIRMED_MS) {}

  add(promptId: string): void {
    this.deadlines.set(promptId, Date.now() + this.waitMs);
  }

  has(promptId: string): boolean {
    return this.deadlines.has(promptId);
  }

  confirm(promptId: string): void {
    this.deadlines.delete(promptId);
  }

  /** Whether the prompt waited past its deadline (it is then forgotten). */
  expired(promptId: string): boolean {
    const deadline = this.deadlines.get(promptId);
    if (deadline === undefined || Date.now() <= deadline) return false;
    this.deadlines.delete(promptId);
    return true;
  }
}

/** The outcome of a prompt that never reached the backend: the engine sends its job back to the queue. */
export function neverReceived(promptId: string, baseUrl: string, backend: string): PromptOutcome {
  const message = `Prompt ${promptId} is no longer on ComfyUI worker ${baseUrl}: ${backend} sent nothing for it since the studio restarted.`;
  return { status: 'failed', message, nodeId: null, nodeType: null };
}
