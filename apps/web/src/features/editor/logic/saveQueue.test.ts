import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSaveQueue } from './saveQueue';

type Change = Record<string, unknown>;

function queueWithLog() {
  const saved: [string, Change][] = [];
  const queue = createSaveQueue<Change>({
    delayMs: 500,
    save: async (key, change) => {
      saved.push([key, change]);
    },
    merge: (a, b) => ({ ...a, ...b }),
  });
  return { queue, saved };
}

describe('the per-node save queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a node 500 ms after its last change, merging the changes in between', async () => {
    const { queue, saved } = queueWithLog();
    queue.schedule('a', { name: 'One' });
    await vi.advanceTimersByTimeAsync(400);
    queue.schedule('a', { value: 3 });
    await vi.advanceTimersByTimeAsync(400);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(saved).toEqual([['a', { name: 'One', value: 3 }]]);
  });

  it('debounces each node on its own', async () => {
    const { queue, saved } = queueWithLog();
    queue.schedule('a', { value: 1 });
    await vi.advanceTimersByTimeAsync(300);
    queue.schedule('b', { value: 2 });
    await vi.advanceTimersByTimeAsync(200);
    expect(saved).toEqual([['a', { value: 1 }]]);
    await vi.advanceTimersByTimeAsync(300);
    expect(saved).toEqual([
      ['a', { value: 1 }],
      ['b', { value: 2 }],
    ]);
  });

  it('flush saves every waiting change at once', async () => {
    const { queue, saved } = queueWithLog();
    queue.schedule('a', { value: 1 });
    queue.schedule('b', { value: 2 });
    await queue.flush();
    expect(saved.map(([key]) => key)).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toHaveLength(2);
  });

  it('reports pending keys until their save has finished', async () => {
    const { queue } = queueWithLog();
    const seen: number[] = [];
    queue.subscribe(() => seen.push(queue.pendingKeys().size));
    queue.schedule('a', { value: 1 });
    expect(queue.pendingKeys().has('a')).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(queue.pendingKeys().size).toBe(0);
    expect(seen.at(-1)).toBe(0);
  });

  it('cancel drops a waiting change', async () => {
    const { queue, saved } = queueWithLog();
    queue.schedule('a', { value: 1 });
    queue.cancel('a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([]);
    expect(queue.pendingKeys().size).toBe(0);
  });

  it('keeps going after a failed save', async () => {
    const saved: string[] = [];
    const queue = createSaveQueue<Change>({
      delayMs: 500,
      save: async (key) => {
        if (key === 'bad') throw new Error('no');
        saved.push(key);
      },
      merge: (a, b) => ({ ...a, ...b }),
    });
    queue.schedule('bad', {});
    queue.schedule('good', {});
    await queue.flush();
    expect(saved).toEqual(['good']);
    expect(queue.pendingKeys().size).toBe(0);
  });
});
