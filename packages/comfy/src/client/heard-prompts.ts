import type { HistoryEntry } from './answers';
import type { ComfyEvent } from './messages';
import type { PromptOutcome } from './outputs';

/** Prompts remembered at once: far more than a worker runs between two looks of their waiters. */
const MAX_HEARD = 256;

interface HeardPrompt {
  startedAt: number | undefined;
  /** Per node, its last `executed` output (a map: a node id is the worker's word, "__proto__" included). */
  outputs: Map<string, Record<string, unknown>>;
  /** `execution_success`'s timestamp once the run ended well (null when the worker sent none). */
  succeeded: { at: number | undefined } | null;
}

/**
 * What one WebSocket connection told of each prompt it saw run from its `execution_start`: the
 * `executed` outputs and the success that ended it. ComfyUI sends the same outputs it keeps in
 * `/history` (cached output nodes included), so a prompt heard whole needs no `/history` call.
 * A prompt heard in part (the socket dropped, or opened mid-run) is not known here, and its waiter asks
 * `/history` as before.
 */
export class HeardPrompts {
  readonly #prompts = new Map<string, HeardPrompt>();

  /** Records one event; call it for every event of the connection, in order. */
  hear(event: ComfyEvent): void {
    if (event.type === 'execution_start') {
      this.#prompts.set(event.data.prompt_id, {
        startedAt: event.data.timestamp,
        outputs: new Map(),
        succeeded: null,
      });
      const oldest = this.#prompts.keys().next();
      if (this.#prompts.size > MAX_HEARD && !oldest.done) this.#prompts.delete(oldest.value);
      return;
    }
    if (event.type === 'executed') {
      const heard = this.#prompts.get(event.data.prompt_id);
      if (heard && event.data.output) heard.outputs.set(event.data.node, event.data.output);
    } else if (event.type === 'execution_success') {
      const heard = this.#prompts.get(event.data.prompt_id);
      if (heard) heard.succeeded = { at: event.data.timestamp };
    } else if (event.type === 'execution_error' || event.type === 'execution_interrupted') {
      this.#prompts.delete(event.data.prompt_id);
    }
  }

  /** Forgets everything: after a reconnection, messages may have been missed. */
  clear(): void {
    this.#prompts.clear();
  }

  /**
   * The success outcome of a prompt heard from its start to its end with at least one output (a run
   * that told of none is left to `/history`), with the history entry its messages make: outputs, and
   * the start and success timestamps that time the run. Null otherwise. Taking it forgets the prompt.
   */
  take(promptId: string): Extract<PromptOutcome, { status: 'success' }> | null {
    const heard = this.#prompts.get(promptId);
    if (!heard?.succeeded || heard.outputs.size === 0) return null;
    this.#prompts.delete(promptId);
    const outputs: HistoryEntry['outputs'] = Object.fromEntries(heard.outputs);
    const timed = (at: number | undefined) => (at === undefined ? {} : { timestamp: at });
    const messages: Array<[string, unknown]> = [
      ['execution_start', { prompt_id: promptId, ...timed(heard.startedAt) }],
      ['execution_success', { prompt_id: promptId, ...timed(heard.succeeded.at) }],
    ];
    const history: HistoryEntry = {
      outputs,
      status: { status_str: 'success', completed: true, messages },
    };
    return { status: 'success', outputs, history };
  }
}
