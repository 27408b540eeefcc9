import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { generationMovie, testDispatcher, type GenerationMovie } from './engine-test-support';
import { QueueStatistics } from './queue-statistics';

// PGlite has no autovacuum, which this stands in for; on PostgreSQL the dispatcher leaves it to the server.
const onPglite = !process.env.DATABASE_URL;

let t: TestApp;
let m: GenerationMovie;

beforeAll(async () => {
  if (!onPglite) return;
  t = await createTestApp();
  m = await generationMovie(t);
});
afterAll(async () => {
  if (onPglite) await t.close();
});

/** Queues `count` jobs at once, as a generate call of many shots does. */
async function queue(count: number): Promise<void> {
  await t.db.insert(generations).values(
    Array.from({ length: count }, (_, index) => ({
      movieId: m.movieId,
      workflowNodeId: m.nodeId,
      userId: m.user.userId,
      level: 'shot' as const,
      index,
    })),
  );
}

/** The number of jobs the planner believes the queue holds. */
async function plannersCount(): Promise<number> {
  const result = (await t.db.execute(
    sql`select reltuples::float8 as n from pg_class where oid = 'generations'::regclass`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe.skipIf(!onPglite)("the queue's statistics on PGlite", () => {
  it('are gathered by the dispatcher once a large batch was queued', async () => {
    await queue(1_000);
    const dispatcher = testDispatcher(t);
    await dispatcher.tick(); // no worker: nothing is claimed
    await dispatcher.stop();
    expect(await plannersCount()).toBeGreaterThanOrEqual(1_000);
  });

  it('are gathered again once the jobs moved since pass a tenth of the queue, not before', async () => {
    const statistics = new QueueStatistics(t.db);
    let now = Date.now();
    const later = () => (now += 10_000);
    await statistics.refreshIfStale(later()); // the first look analyzes whatever the table holds
    statistics.jobsMoved(60);
    expect(await statistics.refreshIfStale(later())).toBe(false);
    statistics.jobsMoved(100);
    expect(await statistics.refreshIfStale(now + 1_000)).toBe(false); // looked at most every 10 s
    expect(await statistics.refreshIfStale(later())).toBe(true);
  });
});
