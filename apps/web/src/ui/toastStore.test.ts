import { TOAST_EXIT_MS } from '@cinegraph/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toastStore';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const messages = (store: ReturnType<typeof createToastStore>) => store.getToasts().map((t) => t.message);

  it('removes a success toast after 5 s plus the 300 ms exit animation', () => {
    const store = createToastStore();
    store.show('success', 'Saved');
    vi.advanceTimersByTime(4999);
    expect(store.getToasts()[0]?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()[0]?.leaving).toBe(true);
    vi.advanceTimersByTime(TOAST_EXIT_MS - 1);
    expect(messages(store)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  it('keeps an error toast for 7 s and an info toast for 5 s', () => {
    const store = createToastStore();
    store.show('error', 'Broken');
    store.show('info', 'Note');
    vi.advanceTimersByTime(5000 + TOAST_EXIT_MS);
    expect(messages(store)).toEqual(['Broken']);
    vi.advanceTimersByTime(2000 + TOAST_EXIT_MS);
    expect(messages(store)).toEqual([]);
  });

  it('keeps a loading toast until it is updated, then times it as its new kind', () => {
    const store = createToastStore();
    const id = store.show('loading', 'Creating...');
    vi.advanceTimersByTime(60_000);
    expect(store.getToasts()).toMatchObject([{ kind: 'loading', leaving: false }]);
    store.update(id, { kind: 'success', message: 'Created' });
    expect(store.getToasts()).toMatchObject([{ kind: 'success', message: 'Created' }]);
    vi.advanceTimersByTime(5000 + TOAST_EXIT_MS);
    expect(store.getToasts()).toEqual([]);
  });

  it('dismisses at once on request, with the exit animation', () => {
    const store = createToastStore();
    const id = store.show('loading', 'Working');
    store.dismiss(id);
    expect(store.getToasts()[0]?.leaving).toBe(true);
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(store.getToasts()).toEqual([]);
  });

  it('brings back a leaving toast that is updated', () => {
    const store = createToastStore();
    const id = store.show('info', 'One');
    store.dismiss(id);
    store.update(id, { kind: 'error', message: 'Two' });
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(store.getToasts()).toMatchObject([{ kind: 'error', message: 'Two', leaving: false }]);
  });

  it('tells subscribers about each change and stops after unsubscribing', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show('info', 'Hello');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.show('info', 'Again');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores updates and dismissals of unknown toasts', () => {
    const store = createToastStore();
    store.update('nope', { message: 'x' });
    store.dismiss('nope');
    expect(store.getToasts()).toEqual([]);
  });
});
