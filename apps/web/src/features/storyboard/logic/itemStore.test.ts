import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createItemStore } from './itemStore';

describe('item store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the item as it is when the debounce fires, not as it was when scheduled', async () => {
    const save = vi.fn(async (_item: { _id: string; title: string }) => {});
    const store = createItemStore(1000, save);
    store.setItems([{ _id: 'a', title: 'Dr' }]);
    store.saver.schedule('a');
    store.setItems([{ _id: 'a', title: 'Dream' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledExactlyOnceWith({ _id: 'a', title: 'Dream' });
  });

  it('skips an item deleted before its save', async () => {
    const save = vi.fn(async () => {});
    const store = createItemStore(1000, save);
    store.setItems([{ _id: 'a' }]);
    store.saver.schedule('a');
    store.setItems([]);
    await store.saver.flush();
    expect(save).not.toHaveBeenCalled();
  });
});
