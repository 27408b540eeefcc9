import type { ApiPrompt, HistoryEntry, QueueItem } from './prompt-types';

/** A prompt accepted by `POST /prompt`, waiting or running. */
export interface QueuedPrompt {
  number: number;
  id: string;
  prompt: ApiPrompt;
  extraData: Record<string, unknown>;
  outputs: string[];
  clientId: string | null;
  /** Set by `/interrupt`; the executor stops before the next node or step. */
  interrupted: boolean;
}

const MAX_HISTORY = 10_000;

/** The queue of one worker: one prompt runs at a time, the others wait by number (FIFO). */
export class PromptQueue {
  private counter = 0;
  private pending: QueuedPrompt[] = [];
  running: QueuedPrompt | null = null;
  readonly history = new Map<string, HistoryEntry>();
  /** Execution start and end per prompt id (for `/api/jobs`). */
  readonly times = new Map<string, { start: number; end?: number }>();

  /**
   * The next prompt number. ComfyUI takes one for every `POST /prompt` with a JSON body, before
   * validating it; `front: true` negates it so the prompt runs ahead of the others.
   */
  allocate(front = false): number {
    const number = front ? -this.counter : this.counter;
    this.counter += 1;
    return number;
  }

  /** Adds a validated prompt; waiting prompts run in order of their numbers. */
  add(entry: Omit<QueuedPrompt, 'interrupted'>): QueuedPrompt {
    const queued: QueuedPrompt = { ...entry, interrupted: false };
    this.pending.push(queued);
    this.pending.sort((a, b) => a.number - b.number);
    return queued;
  }

  /** Moves the next waiting prompt to running; null when one runs already or none waits. */
  take(): QueuedPrompt | null {
    if (this.running || this.pending.length === 0) return null;
    this.running = this.pending.shift()!;
    this.times.set(this.running.id, { start: Date.now() });
    return this.running;
  }

  /** Ends the running prompt and keeps its history entry. */
  finish(entry: HistoryEntry): void {
    if (this.running) {
      this.history.set(this.running.id, entry);
      const times = this.times.get(this.running.id);
      if (times) times.end = Date.now();
    }
    this.running = null;
    // ComfyUI keeps at most 10000 history entries, dropping the oldest.
    for (const id of this.history.keys()) {
      if (this.history.size <= MAX_HISTORY) break;
      this.history.delete(id);
      this.times.delete(id);
    }
  }

  /** Pending prompts plus the running one: ComfyUI's `queue_remaining`. */
  remaining(): number {
    return this.pending.length + (this.running ? 1 : 0);
  }

  /** Removes waiting prompts by id (a running prompt is interrupted instead). Returns how many went. */
  delete(ids: readonly string[]): number {
    const before = this.pending.length;
    this.pending = this.pending.filter((item) => !ids.includes(item.id));
    return before - this.pending.length;
  }

  clear(): void {
    this.pending = [];
  }

  /** Waiting prompts in the order they will run. */
  waiting(): readonly QueuedPrompt[] {
    return this.pending;
  }

  /** `GET /queue`: `[number, prompt_id, prompt, extra_data, outputs_to_execute]` items. */
  snapshot(): { queue_running: QueueItem[]; queue_pending: QueueItem[] } {
    return {
      queue_running: this.running ? [toItem(this.running)] : [],
      queue_pending: this.pending.map(toItem),
    };
  }
}

/** A queued prompt as ComfyUI lists it in `/queue` and in history entries. */
export const toItem = (queued: QueuedPrompt): QueueItem => [
  queued.number,
  queued.id,
  queued.prompt,
  queued.extraData,
  queued.outputs,
];
