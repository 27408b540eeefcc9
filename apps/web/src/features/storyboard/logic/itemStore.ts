import { createDebouncedSaver, type DebouncedSaver } from './debouncedSaver';

/** The items as last shown, read by the debounced saves when they fire (not when they were scheduled). */
export interface ItemStore<T extends { _id: string }> {
  getItems(): T[];
  setItems(items: T[]): void;
  saver: DebouncedSaver;
}

export function createItemStore<T extends { _id: string }>(
  delayMs: number,
  save: (item: T) => Promise<void>,
): ItemStore<T> {
  let items: T[] = [];
  const saver = createDebouncedSaver(delayMs, async (id) => {
    const item = items.find((other) => other._id === id);
    if (item) await save(item);
  });
  return {
    getItems: () => items,
    setItems: (next) => {
      items = next;
    },
    saver,
  };
}
