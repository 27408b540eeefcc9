import type { GenerationEvent } from '@cinegraph/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, scenes, shots } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { generate, generationMovie, until, type GenerationMovie } from './engine-test-support';
import { GenerationEventHub } from './generation-events';
import { queuedMoves, succeededMoves } from './grouped-moves';

let t: TestApp;
let m: GenerationMovie;
let hub: GenerationEventHub;

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  hub = new GenerationEventHub(t.db);
});

afterAll(async () => {
  await hub.close();
  await t.close();
});

const take = (name: string, display: string | null) => ({
  type: 'image' as const,
  url: `http://studio/${name}.png`,
  display_image: display,
  bytes: 10,
});

describe('grouped moves', () => {
  it('queues the submitted jobs together under their prompt ids, except one cancelled meanwhile', async () => {
    const [a, b, cancelled] = await generate(t, m, m.shotIds.slice(0, 1), 3);
    await t.db
      .update(generations)
      .set({ status: 'assigned' })
      .where(inArray(generations.id, [a!, b!]));
    await t.db.update(generations).set({ status: 'cancelled' }).where(eq(generations.id, cancelled!));
    const events: GenerationEvent[] = [];
    await hub.subscribe(m.movieId, (e) => events.push(e));
    const moves = queuedMoves(t.db);

    const moved = await Promise.all([
      moves.add({ id: a!, promptId: 'prompt-a', warning: null }),
      moves.add({ id: b!, promptId: 'prompt-b', warning: 'left out' }),
      moves.add({ id: cancelled!, promptId: 'prompt-c', warning: null }),
    ]);

    expect(moved).toEqual([true, true, false]);
    const rows = await t.db
      .select()
      .from(generations)
      .where(inArray(generations.id, [a!, b!, cancelled!]));
    const state = (id: string) =>
      rows.filter((r) => r.id === id).map((r) => [r.status, r.promptId, r.warning]);
    expect(state(a!)).toEqual([['queued', 'prompt-a', null]]);
    expect(state(b!)).toEqual([['queued', 'prompt-b', 'left out']]);
    expect(state(cancelled!)).toEqual([['cancelled', null, null]]);
    await until(() => events.length >= 2);
    expect(events.map((e) => [e.id, e.change, e.status]).sort()).toEqual(
      [
        [a, 'status', 'queued'],
        [b, 'status', 'queued'],
      ].sort(),
    );
  });

  it('writes a start the worker told by then with the move, announced as queued and then running', async () => {
    const [started, waiting] = await generate(t, m, m.shotIds.slice(0, 1), 2);
    await t.db
      .update(generations)
      .set({ status: 'assigned' })
      .where(inArray(generations.id, [started!, waiting!]));
    const events: GenerationEvent[] = [];
    await hub.subscribe(m.movieId, (e) => events.push(e));
    const startedAt = new Date('2026-01-01T00:00:01.000Z');
    const moves = queuedMoves(t.db);

    const moved = await Promise.all([
      moves.add({ id: started!, promptId: 'prompt-s', warning: null, startedAt: () => startedAt }),
      moves.add({ id: waiting!, promptId: 'prompt-w', warning: null, startedAt: () => undefined }),
    ]);

    expect(moved).toEqual([true, true]);
    const rows = await t.db
      .select()
      .from(generations)
      .where(inArray(generations.id, [started!, waiting!]));
    const state = (id: string) => rows.filter((r) => r.id === id).map((r) => [r.status, r.startedAt]);
    expect(state(started!)).toEqual([['running', startedAt]]);
    expect(state(waiting!)).toEqual([['queued', null]]);
    await until(() => events.length >= 3);
    const of = (id: string) => events.filter((e) => e.id === id).map((e) => [e.change, e.status]);
    expect(of(started!)).toEqual([
      ['status', 'queued'],
      ['status', 'running'],
    ]);
    expect(of(waiting!)).toEqual([['status', 'queued']]);
  });

  it("stores takes together, timing the GPU the worker did not report, and shows the shot's latest take", async () => {
    const [timed, untimed, adopted, last] = await generate(t, m, m.shotIds.slice(0, 1), 4);
    const startedAt = new Date('2026-01-01T00:00:00.000Z');
    const endedAt = new Date('2026-01-01T00:00:04.500Z');
    await t.db
      .update(generations)
      .set({ status: 'running', startedAt })
      .where(inArray(generations.id, [timed!, untimed!, last!]));
    await t.db.update(generations).set({ status: 'queued' }).where(eq(generations.id, adopted!));
    await t.db.update(shots).set({ newOutput: false, displayImage: null }).where(eq(shots.id, m.shotIds[0]!));
    await t.db.update(scenes).set({ newOutput: false });
    const moves = succeededMoves(t.db);
    const at = (ms: number) => new Date(endedAt.getTime() + ms);

    await Promise.all([
      moves.add({
        id: timed!,
        output: take('timed', 'd1'),
        finishedAt: at(1),
        gpuSeconds: 2,
        endedAt,
        adoptedAt: null,
      }),
      moves.add({
        id: untimed!,
        output: take('untimed', 'd2'),
        finishedAt: at(3),
        gpuSeconds: null,
        endedAt,
        adoptedAt: null,
      }),
      moves.add({
        id: adopted!,
        output: take('adopted', null),
        finishedAt: at(2),
        gpuSeconds: null,
        endedAt,
        adoptedAt: at(-1500),
      }),
      // The last to finish, without a display image: the shot keeps the latest one that has one.
      moves.add({
        id: last!,
        output: take('last', null),
        finishedAt: at(4),
        gpuSeconds: 1,
        endedAt,
        adoptedAt: null,
      }),
    ]);

    const rows = await t.db
      .select()
      .from(generations)
      .where(inArray(generations.id, [timed!, untimed!, adopted!]));
    const gpu = new Map(
      rows.map((r) => [r.id, [r.status, r.gpuSeconds, r.output?.url, r.newOutput, r.progress]]),
    );
    expect(gpu.get(timed!)).toEqual(['success', 2, 'http://studio/timed.png', true, 1]);
    expect(gpu.get(untimed!)).toEqual(['success', 4.5, 'http://studio/untimed.png', true, 1]);
    expect(gpu.get(adopted!)).toEqual(['success', 1.5, 'http://studio/adopted.png', true, 1]);
    const [shot] = await t.db.select().from(shots).where(eq(shots.id, m.shotIds[0]!));
    expect([shot!.newOutput, shot!.displayImage]).toEqual([true, 'd2']);
    const [scene] = await t.db.select().from(scenes).where(eq(scenes.id, shot!.sceneId));
    expect(scene!.newOutput).toBe(true);
  });
});
