import { endpoints, type GenerationEvent } from '@cinegraph/contracts';
import type { ScopedMutator } from 'swr';
import { endpointUrl } from '../../../lib/api';
import {
  createEventBatcher,
  createEventReader,
  isGenerationRead,
  isRefreshedBy,
  planLiveRefresh,
} from '../logic/liveGenerations';

/** Writes the pushed progress of running takes (kept beside the SWR cache, see useGenerationEvents). */
export type ProgressWriter = (update: (current: Map<string, number>) => Map<string, number>) => void;

/**
 * Opens the movie's stream while the tab is visible. A hidden tab lets go of it: a browser keeps only six
 * connections per host, and a studio open in several tabs must not use them up on idle streams. On
 * return every generation read is refreshed, for what happened meanwhile.
 */
export function connect(
  movieId: string,
  mutate: ScopedMutator,
  setPushedProgress: ProgressWriter,
): { close(): void } {
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
  // An event read after the stream was let go of is dropped with the batch it would have joined.
  const readEvent = createEventReader((event) => {
    if (source) batcher.push(event);
  });
  const open = () => {
    source = new EventSource(url);
    source.addEventListener('generation', (message) => readEvent(message.data));
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
    close: () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      pause();
    },
  };
}
