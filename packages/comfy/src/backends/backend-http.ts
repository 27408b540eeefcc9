import { ComfyHttpError, ComfyUnavailableError } from '../client/errors';
import { DEFAULT_MAX_ANSWER_BYTES, readText, send, type HttpCall, type HttpTarget } from '../client/http';

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
