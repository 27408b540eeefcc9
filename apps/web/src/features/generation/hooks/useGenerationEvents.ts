import { endpoints, type Generation, type GenerationEvent } from '@cinegraph/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { endpointUrl } from '../../../lib/api';
import {
  createEventBatcher,
  isRefreshedBy,
  parseGenerationEvent,
  planLiveRefresh,
  shownProgress,
} from '../logic/liveGenerations';

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

function connect(movieId: string, mutate: ScopedMutator): LiveConnection {
  const source = new EventSource(endpointUrl(endpoints.generationEvents, { params: { movieId } }));
  const batcher = createEventBatcher<GenerationEvent>((events) => {
    const plan = planLiveRefresh(events);
    if (plan.progress.size > 0 || plan.moved.size > 0) {
      setPushedProgress((current) => {
        const next = new Map(current);
        for (const id of plan.moved) next.delete(id);
        for (const [id, value] of plan.progress) next.set(id, value);
        return next;
      });
    }
    // One read per stale key, whatever the number of events (SWR revalidates the keys that match).
    if (plan.nodeIds.size > 0 || plan.shotIds.size > 0) void mutate((key) => isRefreshedBy(plan, key));
  });
  source.addEventListener('generation', (message) => {
    const event = parseGenerationEvent(message.data);
    if (event) batcher.push(event);
  });
  // EventSource reconnects by itself after a drop; meanwhile the spec's polling carries on.
  return {
    users: 0,
    close: () => {
      batcher.cancel();
      source.close();
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
      connection = connect(movieId, mutate);
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
