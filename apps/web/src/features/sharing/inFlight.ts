/**
 * Shares one running promise per key: a second call with the same key while the first is pending gets
 * the same promise instead of starting the task again. Once settled, the key can run again.
 */
export function createInFlight<T>() {
  const pending = new Map<string, Promise<T>>();
  return function run(key: string, task: () => Promise<T>): Promise<T> {
    const running = pending.get(key);
    if (running) return running;
    const promise = task().finally(() => pending.delete(key));
    pending.set(key, promise);
    return promise;
  };
}
