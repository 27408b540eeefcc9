import type { Generation } from '@cinegraph/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { shownProgress } from '../logic/liveGenerations';

/** One stream per movie, however many nodes and tiles of the page listen to it. */
interface LiveConnection {
  users: number;
  close(): void;
}
const connections = new Map<string, LiveConnection>();

/**
 * Pushed progress of running takes, kept beside the SWR cache rather than written into it: a write into
 * the cache would make SWR drop a read already under way, and with it a status change.
 */
let pushedProgress = new Map<string, number>();
const progressListeners = new Set<() => void>();

function setPushedProgress(update: (current: Map<string, number>) => Map<string, number>): void {
  const next = update(pushedProgress);
  if (next === pushedProgress) return;
  pushedProgress = next;
  for (const listener of progressListeners) listener();
}

/**
 * The movie's stream, its code (the events' schema) loaded after the screen's first view rather than
 * before it: the takes' tiles do not wait on it, and the stream opens a moment later.
 */
function connectLater(movieId: string, mutate: ScopedMutator): LiveConnection {
  let closed = false;
  let close = () => {};
  void import('./liveConnection').then(({ connect }) => {
    if (!closed) close = connect(movieId, mutate, setPushedProgress).close;
  });
  return {
    users: 0,
    close: () => {
      closed = true;
      close();
    },
  };
}

/**
 * Follows a movie's generations as the server pushes them: the node counts and the lists of takes are
 * read again as soon as something changes, instead of at the next poll. Closed on unmount.
 */
export function useGenerationEvents(movieId: string | undefined): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!movieId || typeof EventSource === 'undefined') return;
    let connection = connections.get(movieId);
    if (!connection) {
      connection = connectLater(movieId, mutate);
      connections.set(movieId, connection);
    }
    const used = connection;
    used.users += 1;
    return () => {
      used.users -= 1;
      if (used.users > 0) return;
      used.close();
      if (connections.get(movieId) === used) connections.delete(movieId);
    };
  }, [movieId, mutate]);
}

function subscribeProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}

/** A take's progress, the pushed value while it runs. */
export function useLiveProgress(generation: Generation): number {
  const pushed = useSyncExternalStore(subscribeProgress, () => pushedProgress);
  return shownProgress(generation, pushed);
}
