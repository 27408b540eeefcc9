import type { GenerationEvent } from '@cinegraph/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { generate, generationMovie, until, type GenerationMovie } from './engine-test-support';
import { GenerationEventHub } from './generation-events';
import { progressMoves } from './progress-moves';

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

describe('progress moves', () => {
  it('writes the starts and progress of many jobs together, announcing each change, and leaves ended jobs alone', async () => {
    const [a, b, ended] = await generate(t, m, m.shotIds.slice(0, 1), 3);
    await t.db
      .update(generations)
      .set({ status: 'queued' })
      .where(inArray(generations.id, [a!, b!]));
    await t.db.update(generations).set({ status: 'cancelled' }).where(eq(generations.id, ended!));
    const events: GenerationEvent[] = [];
    await hub.subscribe(m.movieId, (e) => events.push(e));
    const moves = progressMoves(t.db);
    const startedAt = new Date('2026-01-02T03:04:05.000Z');

    // Added in one go: one statement writes them, the two moves of `a` merged.
    await Promise.all([
      moves.add({ id: a!, startedAt }),
      moves.add({ id: a!, progress: 0.25 }),
      moves.add({ id: b!, progress: 0.5 }),
      moves.add({ id: ended!, startedAt, progress: 0.75 }),
    ]);
    // `a` again, once running: a second start changes nothing but its progress.
    await moves.add({ id: a!, startedAt: new Date(), progress: 0.5 });

    const rows = await t.db
      .select()
      .from(generations)
      .where(inArray(generations.id, [a!, b!, ended!]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect([byId.get(a!)!.status, byId.get(a!)!.startedAt, byId.get(a!)!.progress]).toEqual([
      'running',
      startedAt,
      0.5,
    ]);
    expect([byId.get(b!)!.status, byId.get(b!)!.startedAt, byId.get(b!)!.progress]).toEqual([
      'queued',
      null,
      0.5,
    ]);
    expect([byId.get(ended!)!.status, byId.get(ended!)!.progress]).toEqual(['cancelled', 0]);

    await until(() => events.length >= 4);
    const seen = (id: string) =>
      events.filter((e) => e.id === id).map((e) => [e.change, e.status, e.progress]);
    expect(seen(a!)).toEqual([
      ['status', 'running', 0.25],
      ['progress', 'running', 0.25],
      ['progress', 'running', 0.5],
    ]);
    expect(seen(b!)).toEqual([['progress', 'queued', 0.5]]);
    expect(seen(ended!)).toEqual([]);
  });
});
