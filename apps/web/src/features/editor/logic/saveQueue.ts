/** Saves changes per key after a quiet period; changes to the same key in that period merge into one. */
export interface SaveQueue<P> {
  schedule(key: string, change: P): void;
  /** Saves every waiting change now and resolves when all saves have finished. */
  flush(): Promise<void>;
  /** Drops a waiting change (its node is gone). */
  cancel(key: string): void;
  /** Keys with a change waiting or being saved. */
  pendingKeys(): ReadonlySet<string>;
  /** Told whenever the set of pending keys changes. */
  subscribe(listener: () => void): () => void;
}

export interface SaveQueueOptions<P> {
  delayMs: number;
  save(key: string, change: P): Promise<void>;
  merge(previous: P, next: P): P;
}

export function createSaveQueue<P>({ delayMs, save, merge }: SaveQueueOptions<P>): SaveQueue<P> {
  const waiting = new Map<string, { change: P; timer: ReturnType<typeof setTimeout> }>();
  const running = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let pending: ReadonlySet<string> = new Set();

  function changed() {
    pending = new Set([...waiting.keys(), ...running.keys()]);
    listeners.forEach((listener) => listener());
  }

  function run(key: string): Promise<void> {
    const entry = waiting.get(key);
    if (!entry) return running.get(key) ?? Promise.resolve();
    clearTimeout(entry.timer);
    waiting.delete(key);
    // Saves of one key run in order, so an older change never lands after a newer one.
    const before = running.get(key) ?? Promise.resolve();
    const task = before
      .then(() => save(key, entry.change))
      .catch(() => undefined)
      .finally(() => {
        if (running.get(key) === task) running.delete(key);
        changed();
      });
    running.set(key, task);
    changed();
    return task;
  }

  return {
    schedule(key, change) {
      const entry = waiting.get(key);
      if (entry) clearTimeout(entry.timer);
      const merged = entry ? merge(entry.change, change) : change;
      waiting.set(key, { change: merged, timer: setTimeout(() => void run(key), delayMs) });
      changed();
    },
    async flush() {
      await Promise.all([...new Set([...waiting.keys(), ...running.keys()])].map(run));
    },
    cancel(key) {
      const entry = waiting.get(key);
      if (!entry) return;
      clearTimeout(entry.timer);
      waiting.delete(key);
      changed();
    },
    pendingKeys: () => pending,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
