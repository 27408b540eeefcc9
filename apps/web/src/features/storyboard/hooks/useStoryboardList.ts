import { orderByIndex, reindex } from '@cinegraph/contracts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { ApiError } from '../../../lib/api';
import { useToast } from '../../../ui/toast';
import { createItemStore } from '../logic/itemStore';
import type { StoryboardItem } from '../logic/levels';
import { orderAfterPaste } from '../logic/ordering';
import {
  copyItem,
  createItem,
  deleteItem,
  listKey,
  readList,
  updateItem,
  type ListScope,
} from '../storyboardApi';

/** The spec's list item update debounce. */
export const ITEM_SAVE_DELAY_MS = 1000;

export interface StoryboardListActions {
  /** Changes an item at once on screen; saved after the debounce, or now (media inputs). */
  edit(id: string, change: Partial<StoryboardItem>, options?: { now?: boolean }): void;
  /** Hides or shows an item, saved at once; the item is busy meanwhile. */
  setHidden(id: string, hidden: boolean): Promise<void>;
  create(): Promise<StoryboardItem | null>;
  remove(id: string): Promise<boolean>;
  /** Persists a new order of every item (ids), reverting to the server's list on failure. */
  reorder(order: string[]): Promise<void>;
  /** Copies `copiedId` and places the copy right after `afterId`; returns the copy's id. */
  paste(copiedId: string, afterId: string): Promise<string | null>;
  refetch(): Promise<void>;
}

const noop = () => {};
const message = (error: unknown) => (error instanceof ApiError ? error.message : 'Request failed');

/** A storyboard list kept on screen with its edits, and the calls that change it. */
export function useStoryboardList(scope: ListScope) {
  const toast = useToast();
  const key = listKey(scope);
  // A list changed on another screen a moment ago (automatic shots) must not come back from the dedupe
  // window; and no refetch on focus while edits wait for their save.
  const { data, error, isLoading, mutate } = useSWR(key, () => readList(scope), {
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });
  const [local, setLocal] = useState<{ source?: StoryboardItem[]; items: StoryboardItem[] }>({ items: [] });
  if (data && data !== local.source) setLocal({ source: data, items: orderByIndex(data) });

  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const refetch = useCallback(async () => {
    await mutate();
  }, [mutate]);

  // The failed save re-fetches the list (the spec), so the screen shows what was really saved.
  const [store] = useState(() =>
    createItemStore<StoryboardItem>(ITEM_SAVE_DELAY_MS, (item) =>
      updateItem(scope, item).then(noop, () => mutate().then(noop)),
    ),
  );
  useLayoutEffect(() => store.setItems(local.items));
  const { saver } = store;
  useEffect(() => () => void saver.flush(), [saver]);

  const actions = useMemo<StoryboardListActions>(() => {
    async function run<T>(work: () => Promise<T>, fallback: T): Promise<T> {
      try {
        return await work();
      } catch (failure) {
        toast.error(message(failure));
        await mutate();
        return fallback;
      }
    }
    function applyLocally(id: string, change: Partial<StoryboardItem>): StoryboardItem | undefined {
      const items = store
        .getItems()
        .map((item) => (item._id === id ? ({ ...item, ...change } as StoryboardItem) : item));
      store.setItems(items);
      setLocal((current) => ({ ...current, items }));
      return items.find((item) => item._id === id);
    }
    return {
      edit(id, change, options) {
        applyLocally(id, change);
        saver.schedule(id, options);
      },
      async setHidden(id, hidden) {
        setBusyIds((ids) => new Set(ids).add(id));
        await run(async () => {
          await saver.flush();
          const item = applyLocally(id, { hidden });
          if (item) await updateItem(scope, item);
        }, undefined);
        setBusyIds((ids) => new Set([...ids].filter((other) => other !== id)));
      },
      create: () =>
        run(async () => {
          await saver.flush();
          const item = await createItem(scope);
          await mutate();
          return item;
        }, null),
      remove: (id) =>
        run(async () => {
          await saver.flush();
          await deleteItem(scope, id);
          await mutate();
          return true;
        }, false),
      reorder: (order) =>
        run(async () => {
          await saver.flush();
          const current = store.getItems().map((item) => ({ id: item._id, index: item.index }));
          const changes = reindex(current, order);
          const byId = new Map(store.getItems().map((item) => [item._id, item]));
          const items = order.flatMap((id, index) => {
            const item = byId.get(id);
            return item ? [{ ...item, index }] : [];
          });
          setLocal((state) => ({ ...state, items }));
          for (const change of changes) {
            const item = byId.get(change.id);
            if (item) await updateItem(scope, { ...item, index: change.index }, { move: true });
          }
          await mutate();
        }, undefined),
      paste: (copiedId, afterId) =>
        run(async () => {
          await saver.flush();
          const copy = await copyItem(scope, copiedId);
          const fresh = orderByIndex((await mutate()) ?? []);
          const order = orderAfterPaste(
            fresh.map((item) => item._id),
            copy._id,
            afterId,
          );
          const index = order.indexOf(copy._id);
          const placed = fresh.find((item) => item._id === copy._id) ?? copy;
          if (placed.index !== index) {
            await updateItem(scope, { ...placed, index }, { move: true });
            await mutate();
          }
          return copy._id;
        }, null),
      refetch,
    };
  }, [store, saver, scope, mutate, refetch, toast]);

  return { items: local.items, busyIds, loaded: data !== undefined, error, isLoading, actions };
}
