import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedSaver } from './debouncedSaver';

describe('debounced item saves', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves an item once, a second after its last change', () => {
    const save = vi.fn(async () => {});
    const saver = createDebouncedSaver(1000, save);
    saver.schedule('a');
    vi.advanceTimersByTime(900);
    saver.schedule('a');
    vi.advanceTimersByTime(900);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves at once when asked and on flush', async () => {
    const save = vi.fn(async () => {});
    const saver = createDebouncedSaver(1000, save);
    saver.schedule('media', { now: true });
    saver.schedule('b');
    await saver.flush();
    expect(save.mock.calls).toEqual([['media'], ['b']]);
    vi.advanceTimersByTime(2000);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
