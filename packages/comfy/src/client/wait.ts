import type { ComfyQueue, HistoryEntry } from './answers';
import { promptIdOf, type ComfyEvent } from './messages';
import { outcomeFromHistory, type PromptOutcome } from './outputs';

/** What following a prompt needs from a client. */
export interface PromptSource {
  baseUrl: string;
  /** Subscribes to WebSocket events; returns the unsubscribe function. */
  on(listener: (event: ComfyEvent) => void): () => void;
  /** Subscribes to (re)connections of the WebSocket, after which messages may have been missed. */
  onConnect(listener: () => void): () => void;
  history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | null>;
  /** A success the WebSocket told whole, when the source keeps them (spares the `/history` look). */
  heardOutcome?(promptId: string): PromptOutcome | null;
  getQueue(signal?: AbortSignal): Promise<ComfyQueue>;
}

/** How to wait for a prompt. */
export interface WaitOptions {
  /** Every WebSocket event of this prompt, in order (execution_start, executing, progress, ...). */
  onProgress?: (event: ComfyEvent) => void;
  /** Stops waiting: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** How often `/history/{id}` is polled, WebSocket or not (default 1000 ms). */
  pollMs?: number;
  /** Consecutive failed polls (worker unreachable) before giving up with that error (default 5). */
  maxPollFailures?: number;
  /**
   * The caller has heard this worker's WebSocket since before the prompt was submitted, and no end of
   * it: events will tell, so the first `/history` look waits for the poll instead of going out at once
   * (two or three requests fewer per prompt). A missed end is still found by that poll.
   */
  quietStart?: boolean;
}

/** Polls in a row that found the prompt neither queued, running nor finished before it counts as lost. */
const LOST_AFTER = 2;

/**
 * Resolves with the prompt's final outcome. WebSocket events end the wait at once (from what the
 * socket heard of the whole run, or else with an immediate history check); `/history/{id}` is polled
 * meanwhile, so a missed message or a dropped socket never hangs. A prompt that is gone from the queue
 * without a history entry (deleted, or the worker restarted) ends as failed.
 */
export function waitForPrompt(
  source: PromptSource,
  promptId: string,
  options: WaitOptions = {},
): Promise<PromptOutcome> {
  const { signal, pollMs = 1000, maxPollFailures = 5 } = options;
  return new Promise<PromptOutcome>((resolve, reject) => {
    let done = false;
    let checking = false;
    let again = false;
    let failures = 0;
    let lost = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const cleanups: Array<() => void> = [];

    const finish = (outcome: PromptOutcome | null, error?: unknown) => {
      if (done) return;
      done = true;
      if (timer) clearTimeout(timer);
      for (const cleanup of cleanups) cleanup();
      if (outcome) resolve(outcome);
      else reject(error);
    };

    const lookUp = async (): Promise<PromptOutcome | null> => {
      const entry = await source.history(promptId, signal);
      if (entry) return outcomeFromHistory(entry);
      const queue = await source.getQueue(signal);
      const listed = [...queue.running, ...queue.pending].some((item) => item.prompt_id === promptId);
      if (listed) {
        lost = 0;
        return null;
      }
      // It may have finished between the two calls.
      const late = await source.history(promptId, signal);
      if (late) return outcomeFromHistory(late);
      lost += 1;
      if (lost < LOST_AFTER) return null;
      const message = `Prompt ${promptId} is no longer on ComfyUI worker ${source.baseUrl} (deleted from its queue, or the worker restarted)`;
      return { status: 'failed', message, nodeId: null, nodeType: null };
    };

    const check = async () => {
      if (done) return;
      if (checking) {
        again = true;
        return;
      }
      checking = true;
      if (timer) clearTimeout(timer);
      try {
        const outcome = await lookUp();
        failures = 0;
        if (outcome) finish(outcome);
      } catch (error) {
        failures += 1;
        if (signal?.aborted) finish(null, signal.reason);
        else if (failures >= maxPollFailures) finish(null, error);
      } finally {
        checking = false;
        if (!done && again) {
          again = false;
          void check();
        } else if (!done) timer = setTimeout(() => void check(), pollMs);
      }
    };

    /** Ends the wait with the outcome the WebSocket told whole, if it did. */
    const heard = (): boolean => {
      const outcome = source.heardOutcome?.(promptId);
      if (outcome) finish(outcome);
      return Boolean(outcome);
    };

    const onEvent = (event: ComfyEvent) => {
      if (done || promptIdOf(event) !== promptId) return;
      try {
        options.onProgress?.(event);
      } catch {
        // A caller's progress callback must not break following the prompt.
      }
      if (event.type === 'execution_error') {
        const { exception_message: message, node_id: nodeId, node_type: nodeType } = event.data;
        finish({ status: 'failed', message: message.trim(), nodeId, nodeType });
      } else if (event.type === 'execution_interrupted') finish({ status: 'interrupted' });
      else if (event.type === 'execution_success' || (event.type === 'executing' && event.data.node === null))
        if (!heard()) void check();
    };

    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => finish(null, signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => signal?.removeEventListener('abort', onAbort));
    cleanups.push(source.on(onEvent));
    cleanups.push(source.onConnect(() => void check()));
    // A fast worker may have run the whole prompt before this wait began.
    if (heard()) return;
    if (options.quietStart) timer = setTimeout(() => void check(), pollMs);
    else void check();
  });
}
