import type { GenerationEvent } from '@cinegraph/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test/test-database';
import { GenerationEventHub, publishGenerationEvents, type GenerationEventRow } from './generation-events';

let database: DatabaseHandle;
let hub: GenerationEventHub;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => {
  hub = new GenerationEventHub(database.db);
});
afterEach(() => hub.close());

const row = (id: string, movieId: string): GenerationEventRow => ({
  id,
  movieId,
  workflowNodeId: 'node-1',
  shotId: 'shot-1',
  sceneId: 'scene-1',
  status: 'running',
  progress: 0.5,
});

/** Notifications travel through the database: wait until the ones published so far have arrived. */
async function settle(received: GenerationEvent[], count: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

describe('the generation event hub', () => {
  it('delivers each movie its own events, until it unsubscribes', async () => {
    const a: GenerationEvent[] = [];
    const b: GenerationEvent[] = [];
    const stopA = await hub.subscribe('movie-a', (e) => a.push(e));
    await hub.subscribe('movie-b', (e) => b.push(e));
    await publishGenerationEvents(database.db, [row('g1', 'movie-a'), row('g2', 'movie-b')], 'progress');
    await settle(b, 1);
    await settle(a, 1);
    expect(a).toEqual([
      {
        id: 'g1',
        movie_id: 'movie-a',
        workflow_node_id: 'node-1',
        shot_id: 'shot-1',
        scene_id: 'scene-1',
        status: 'running',
        progress: 0.5,
        change: 'progress',
      },
    ]);
    expect(b.map((e) => e.id)).toEqual(['g2']);

    stopA();
    await publishGenerationEvents(database.db, [row('g3', 'movie-a'), row('g4', 'movie-b')], 'status');
    await settle(b, 2);
    expect(b.map((e) => e.id)).toEqual(['g2', 'g4']);
    expect(a.map((e) => e.id)).toEqual(['g1']);
  });

  it('announces nothing from a transaction that rolls back', async () => {
    const got: GenerationEvent[] = [];
    await hub.subscribe('movie-a', (e) => got.push(e));
    await database.db
      .transaction(async (tx) => {
        await publishGenerationEvents(tx, [row('lost', 'movie-a')], 'status');
        throw new Error('rolled back');
      })
      .catch(() => {});
    await publishGenerationEvents(database.db, [row('kept', 'movie-a')], 'status');
    await settle(got, 1);
    expect(got.map((e) => e.id)).toEqual(['kept']);
  });

  it('ignores foreign payloads on its channel', async () => {
    const got: GenerationEvent[] = [];
    await hub.subscribe('movie-a', (e) => got.push(e));
    await database.db.execute(sql`select pg_notify('cinegraph_generation_events', 'not json')`);
    await database.db.execute(sql`select pg_notify('cinegraph_generation_events', '{"movie_id":"movie-a"}')`);
    await publishGenerationEvents(database.db, [row('real', 'movie-a')], 'status');
    await settle(got, 1);
    expect(got.map((e) => e.id)).toEqual(['real']);
  });
});
