import { endpoints, type Generation, type GenerationEvent } from '@cinegraph/contracts';
import { endpointUrl } from '../../../lib/api';

/** Events are gathered this long before the pages read again: a burst of 50 makes one request per key. */
export const LIVE_REFRESH_MS = 400;

/**
 * Reads the stream's events, in the order they came, with the events' schema (generationEvent.ts) loaded
 * when the first one arrives: the schema brings zod (~84 kB), which the editor's page does not need to
 * draw, and a movie that generates nothing sends no event. Malformed events are dropped.
 */
export function createEventReader(read: (event: GenerationEvent) => void): (data: unknown) => void {
  let parser: Promise<typeof import('./generationEvent')> | null = null;
  return (data) => {
    // Every event waits on the same load, so they are read in the order they came.
    parser ??= import('./generationEvent').catch((error: unknown) => {
      parser = null; // Tried again at the next event; meanwhile the spec's polling carries on.
      throw error;
    });
    parser.then(
      ({ parseGenerationEvent }) => {
        const event = parseGenerationEvent(data);
        if (event) read(event);
      },
      () => {},
    );
  };
}

/** What a batch of events asks of the pages' data. */
export interface LiveRefresh {
  /** Workflow nodes whose status counts changed: read again. */
  nodeIds: Set<string>;
  /** Shots whose list of takes changed (a status, a new or deleted take): read again. */
  shotIds: Set<string>;
  /** Latest progress per generation that only moved on while running: drawn without a request. */
  progress: Map<string, number>;
  /** Generations whose status changed: their pushed progress is superseded by what is read again. */
  moved: Set<string>;
}

export function planLiveRefresh(events: readonly GenerationEvent[]): LiveRefresh {
  const plan: LiveRefresh = {
    nodeIds: new Set(),
    shotIds: new Set(),
    progress: new Map(),
    moved: new Set(),
  };
  for (const event of events) {
    if (event.change === 'progress') {
      plan.progress.set(event.id, event.progress);
      continue;
    }
    plan.progress.delete(event.id);
    plan.moved.add(event.id);
    plan.nodeIds.add(event.workflow_node_id);
    if (event.shot_id) plan.shotIds.add(event.shot_id);
  }
  return plan;
}

/** Whether a cached read (an SWR key: the call's URL) is stale after the plan's changes. */
export function isRefreshedBy(plan: LiveRefresh, key: unknown): boolean {
  if (typeof key !== 'string') return false;
  // The movie's counts of every node (the stream is the movie's: any node's change is one of them).
  if (plan.nodeIds.size > 0 && key.startsWith(movieCountsPrefix())) return true;
  for (const nodeId of plan.nodeIds) {
    if (key === endpointUrl(endpoints.generationStatus, { params: { nodeId } })) return true;
  }
  return isShotGenerationsKey(key, plan.shotIds);
}

/**
 * Whether a cached read is one the stream keeps fresh (node counts, takes of a shot): all of them are
 * read again when a paused stream resumes, since its events meanwhile were missed.
 */
export function isGenerationRead(key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const counts = endpointUrl(endpoints.generationStatus, { params: { nodeId: '' } });
  const takes = endpointUrl(endpoints.shotGenerations, { params: { shotId: '' } });
  return key.startsWith(counts) || key.startsWith(takes);
}

function movieCountsPrefix(): string {
  return endpointUrl(endpoints.movieGenerationStatus, { params: { movieId: '' } });
}

/** Whether a cached read is the takes of one of the shots (of one workflow or of all). */
function isShotGenerationsKey(key: unknown, shotIds: ReadonlySet<string>): boolean {
  if (typeof key !== 'string') return false;
  for (const shotId of shotIds) {
    const url = endpointUrl(endpoints.shotGenerations, { params: { shotId } });
    if (key === url || key.startsWith(`${url}?`)) return true;
  }
  return false;
}

/**
 * The progress a take shows: the newest pushed value while it runs (progress only rises within a run;
 * a take sent back to the queue starts again with a status event, which drops its pushed value).
 */
export function shownProgress(generation: Generation, pushed: ReadonlyMap<string, number>): number {
  const value = pushed.get(generation._id);
  if (generation.status !== 'running' || value === undefined) return generation.progress;
  return Math.max(value, generation.progress);
}

/**
 * Gathers events and hands them over at most once per `delayMs` (the first event of a quiet period
 * starts the clock, so the first change shows within `delayMs`).
 */
export function createEventBatcher<T>(flush: (batch: T[]) => void, delayMs = LIVE_REFRESH_MS) {
  let pending: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    push(item: T) {
      pending.push(item);
      timer ??= setTimeout(() => {
        timer = null;
        const batch = pending;
        pending = [];
        flush(batch);
      }, delayMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}
