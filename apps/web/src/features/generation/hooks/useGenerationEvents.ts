import { endpoints, type Generation, type GenerationEvent } from '@cinegraph/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import { endpointUrl } from '../../../lib/api';
import {
  createEventBatcher,
  isGenerationRead,
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

/**
 * Opens the movie's stream while the tab is visible. A hidden tab lets go of it: a browser keeps only six
 * connections per host, and a studio open in several tabs must not use them up on idle streams. On
 * return every generation read is refreshed, for what happened meanwhile.
 */
function connect(movieId: string, mutate: ScopedMutator): LiveConnection {
  const url = endpointUrl(endpoints.generationEvents, { params: { movieId } });
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
  let source: EventSource | null = null;
  const open = () => {
    source = new EventSource(url);
    source.addEventListener('generation', (message) => {
      const event = parseGenerationEvent(message.data);
      if (event) batcher.push(event);
    });
  };
  const pause = () => {
    source?.close();
    source = null;
    batcher.cancel();
  };
  const onVisibilityChange = () => {
    if (document.hidden) return pause();
    if (source) return;
    open();
    void mutate(isGenerationRead);
  };
  // EventSource reconnects by itself after a drop; meanwhile the spec's polling carries on.
  if (!document.hidden) open();
  document.addEventListener('visibilitychange', onVisibilityChange);
  return {
    users: 0,
    close: () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      pause();
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
