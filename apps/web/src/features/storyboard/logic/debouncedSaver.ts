/** Saves each item at most once per `delayMs` after its last change; `now` skips the wait (media inputs). */
export interface DebouncedSaver {
  schedule(id: string, options?: { now?: boolean }): void;
  /** Saves every pending item at once. */
  flush(): Promise<void>;
  cancel(): void;
}

export function createDebouncedSaver(delayMs: number, save: (id: string) => Promise<void>): DebouncedSaver {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  function run(id: string): Promise<void> {
    clearTimeout(timers.get(id));
    timers.delete(id);
    return save(id);
  }
  return {
    schedule(id, options) {
      if (options?.now) {
        void run(id);
        return;
      }
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => void run(id), delayMs),
      );
    },
    async flush() {
      await Promise.all([...timers.keys()].map(run));
    },
    cancel() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    },
  };
}
