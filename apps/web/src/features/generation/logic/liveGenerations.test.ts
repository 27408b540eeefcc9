import type { Generation, GenerationEvent } from '@cinegraph/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEventBatcher,
  createEventReader,
  isGenerationRead,
  isRefreshedBy,
  planLiveRefresh,
  shownProgress,
} from './liveGenerations';

const event = (overrides: Partial<GenerationEvent> = {}): GenerationEvent => ({
  id: 'g1',
  movie_id: 'm1',
  workflow_node_id: 'n1',
  shot_id: 's1',
  scene_id: 'sc1',
  status: 'running',
  progress: 0,
  change: 'status',
  ...overrides,
});

describe('createEventReader', () => {
  it('reads the events in the order they came and refuses malformed ones', async () => {
    const read: GenerationEvent[] = [];
    const readEvent = createEventReader((e) => read.push(e));
    readEvent(JSON.stringify(event({ id: 'g1' })));
    readEvent(JSON.stringify({ id: 'g2' }));
    readEvent(JSON.stringify(event({ id: 'g3', status: 'finished' as GenerationEvent['status'] })));
    readEvent(JSON.stringify({ ...event({ id: 'g4' }), progress: '50' }));
    readEvent(JSON.stringify({ ...event({ id: 'g5' }), shot_id: undefined }));
    readEvent('not json');
    readEvent(undefined);
    readEvent(JSON.stringify(event({ id: 'g6', change: 'progress', progress: 0.5 })));
    await vi.waitFor(() => expect(read).toHaveLength(2));
    expect(read).toEqual([event({ id: 'g1' }), event({ id: 'g6', change: 'progress', progress: 0.5 })]);
    // Once loaded, the schema is not loaded again, and the order still holds.
    readEvent(JSON.stringify(event({ id: 'g7' })));
    readEvent(JSON.stringify({ ...event({ id: 'g8' }), change: 'renamed' }));
    readEvent(JSON.stringify(event({ id: 'g9' })));
    await vi.waitFor(() => expect(read).toHaveLength(4));
    expect(read.map((e) => e.id)).toEqual(['g1', 'g6', 'g7', 'g9']);
  });
});

describe('planLiveRefresh and isRefreshedBy', () => {
  it('reads again the counts of the nodes and the takes of the shots whose jobs moved', () => {
    const plan = planLiveRefresh([
      event({ status: 'pending' }),
      event({ id: 'g2', workflow_node_id: 'n2', shot_id: 's2', status: 'success', change: 'status' }),
      event({ id: 'g3', shot_id: null, change: 'deleted', status: 'cancelled' }),
    ]);
    expect([...plan.nodeIds]).toEqual(['n1', 'n2']);
    expect([...plan.shotIds]).toEqual(['s1', 's2']);
    expect(isRefreshedBy(plan, '/api/v1/generations/status/n1')).toBe(true);
    expect(isRefreshedBy(plan, '/api/v1/generations/status/n2')).toBe(true);
    expect(isRefreshedBy(plan, '/api/v1/generations/shot/s1?show_hidden=true')).toBe(true);
    expect(isRefreshedBy(plan, '/api/v1/generations/shot/s2?workflow_node_id=n2&show_hidden=true')).toBe(
      true,
    );
    expect(isRefreshedBy(plan, '/api/v1/generations/status/n3')).toBe(false);
    // The canvas's one read of every node's counts of the movie.
    expect(isRefreshedBy(plan, '/api/v1/generations/status/movie/m1')).toBe(true);
    expect(isRefreshedBy(plan, '/api/v1/generations/shot/s10?show_hidden=true')).toBe(false);
    expect(isRefreshedBy(plan, '/api/v1/movies/m1')).toBe(false);
    expect(isRefreshedBy(plan, ['not', 'a', 'url'])).toBe(false);
  });

  it('draws progress without a request, until the take moves on', () => {
    const plan = planLiveRefresh([
      event({ change: 'progress', progress: 0.25 }),
      event({ change: 'progress', progress: 0.5 }),
      event({ id: 'g2', change: 'progress', progress: 0.9 }),
      event({ id: 'g2', status: 'success', progress: 1 }),
    ]);
    expect([...plan.progress]).toEqual([['g1', 0.5]]);
    expect([...plan.moved]).toEqual(['g2']);
    // g1 only progressed: no node or shot is read again for it.
    expect(plan.nodeIds).toEqual(new Set(['n1']));
    expect(
      isRefreshedBy(planLiveRefresh([event({ change: 'progress' })]), '/api/v1/generations/status/n1'),
    ).toBe(false);
    expect(
      isRefreshedBy(planLiveRefresh([event({ change: 'progress' })]), '/api/v1/generations/status/movie/m1'),
    ).toBe(false);
  });
});

describe('isGenerationRead', () => {
  it('covers every node count and list of takes, and nothing else, for a stream that resumes', () => {
    expect(isGenerationRead('/api/v1/generations/status/n1')).toBe(true);
    expect(isGenerationRead('/api/v1/generations/status/movie/m1')).toBe(true);
    expect(isGenerationRead('/api/v1/generations/shot/s1?show_hidden=true')).toBe(true);
    expect(isGenerationRead('/api/v1/generations/generation/g1')).toBe(false);
    expect(isGenerationRead('/api/v1/movies/m1')).toBe(false);
    expect(isGenerationRead(['/api/v1/generations/status/n1'])).toBe(false);
  });
});

describe('shownProgress', () => {
  const take = (status: Generation['status'], progress: number) =>
    ({ _id: 'g1', status, progress }) as Generation;
  const pushed = new Map([['g1', 0.6]]);

  it('shows the pushed progress of a running take, never less than it read', () => {
    expect(shownProgress(take('running', 0.2), pushed)).toBe(0.6);
    expect(shownProgress(take('running', 0.8), pushed)).toBe(0.8);
    expect(shownProgress(take('running', 0.2), new Map())).toBe(0.2);
  });

  it('ignores pushed progress once the take is no longer running', () => {
    expect(shownProgress(take('success', 1), pushed)).toBe(1);
    expect(shownProgress(take('pending', 0), pushed)).toBe(0);
  });
});

describe('createEventBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands a burst of events over once, then starts again', () => {
    const batches: number[][] = [];
    const batcher = createEventBatcher<number>((batch) => batches.push(batch), 400);
    for (let i = 0; i < 50; i++) batcher.push(i);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(50);
    batcher.push(50);
    vi.advanceTimersByTime(399);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches[1]).toEqual([50]);
  });

  it('drops what is pending when cancelled (the page closed)', () => {
    const flush = vi.fn();
    const batcher = createEventBatcher<number>(flush, 400);
    batcher.push(1);
    batcher.cancel();
    vi.advanceTimersByTime(1_000);
    expect(flush).not.toHaveBeenCalled();
  });
});
