import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../db/schema';
import { untilAppWaitsForLock } from '../test/lock-waits';
import { createTestApp, type TestApp } from '../test/test-app';
import { cancelNodeGenerations } from '../services/generations/cancel';
import { renewLeases } from './claim';
import { generate, generationMovie, type GenerationMovie } from './engine-test-support';
import { queuedMoves, succeededMoves } from './grouped-moves';
import { progressMoves } from './progress-moves';

// Row locks between two connections need a server: PGlite has one connection, so this runs in CI's
// PostgreSQL pass.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let m: GenerationMovie;
let other: pg.Client;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  m = await generationMovie(t);
  other = new pg.Client({ connectionString: t.database.url });
  await other.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await other.end();
  await t.close();
});

/**
 * Three jobs in `status`, returned highest id first, their rows stored in that order too (each update
 * writes a new row version at the end of the table): a statement that locks rows in the order it meets
 * them would lock the highest id first.
 */
async function threeJobs(status: 'assigned' | 'queued'): Promise<string[]> {
  const ids = (await generate(t, m, m.shotIds.slice(0, 1), 3)).sort().reverse();
  for (const id of ids) {
    await t.db.execute(sql`update generations set status = ${status} where id = ${id}::uuid`);
  }
  return ids;
}

const take = { type: 'image' as const, url: 'http://studio/a.png', display_image: null, bytes: 10 };

/** Each of the engine's multi-row writes, over the three jobs given highest id first. */
const WRITES: [string, 'assigned' | 'queued', (ids: string[]) => Promise<unknown>][] = [
  ['the lease renewal', 'queued', (ids) => renewLeases(t.db, ids)],
  [
    'the queued moves',
    'assigned',
    (ids) => {
      const moves = queuedMoves(t.db);
      return Promise.all(ids.map((id) => moves.add({ id, promptId: `p-${id}`, warning: null })));
    },
  ],
  [
    'the progress moves',
    'queued',
    (ids) => {
      const moves = progressMoves(t.db);
      return Promise.all(ids.map((id) => moves.add({ id, startedAt: new Date(), progress: 0.5 })));
    },
  ],
  [
    'the succeeded moves',
    'queued',
    (ids) => {
      const moves = succeededMoves(t.db);
      const at = new Date();
      const move = { output: take, finishedAt: at, gpuSeconds: 1, endedAt: at, adoptedAt: null };
      return Promise.all(ids.map((id) => moves.add({ id, ...move })));
    },
  ],
  // Last: it cancels the jobs the writes above left unfinished too.
  ['cancelling every job of a node', 'queued', () => cancelNodeGenerations(t.db, m.nodeId, false)],
];

describe.skipIf(!onPostgres)('the row locks of the engine’s multi-row writes', () => {
  it.each(WRITES)(
    '%s locks its jobs in id order, so it holds none while it waits for the first',
    async (_name, status, write) => {
      const ids = await threeJobs(status);
      const lowest = ids.at(-1)!;
      await other.query('begin');
      try {
        await other.query('select id from generations where id = $1 for update', [lowest]);
        const writing = write(ids);
        // Grouped moves start on the next turn; the first one goes alone, so wait for the statement.
        await untilAppWaitsForLock(other);
        // Held by the app, these would fail at once (lock_not_available) instead of locking.
        const { rowCount } = await other.query(
          'select id from generations where id = any($1::uuid[]) for update nowait',
          [ids.slice(0, -1)],
        );
        expect(rowCount).toBe(2);
        await other.query('commit');
        await writing;
      } finally {
        await other.query('rollback').catch(() => {});
      }
    },
  );

  it('a move chosen as a deadlock’s victim is written once more, not lost', async () => {
    const ids = await threeJobs('queued');
    const [highest, , lowest] = ids;
    // The other side waits longer before it looks for a deadlock: the app's statement is the victim.
    await other.query("set deadlock_timeout = '20s'");
    await other.query('begin');
    try {
      await other.query('select id from generations where id = $1 for update', [highest]);
      const moves = succeededMoves(t.db);
      const at = new Date();
      const move = { output: take, finishedAt: at, gpuSeconds: 1, endedAt: at, adoptedAt: null };
      const moved = Promise.all(ids.map((id) => moves.add({ id, ...move })));
      await untilAppWaitsForLock(other); // holding the two lower ids, waiting for the highest
      await other.query('select id from generations where id = $1 for update', [lowest]);
      await other.query('commit');
      expect(await moved).toEqual([true, true, true]);
    } finally {
      await other.query('rollback').catch(() => {});
      await other.query('reset deadlock_timeout');
    }
    const rows = await t.db
      .select({ status: generations.status })
      .from(generations)
      .where(inArray(generations.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['success', 'success', 'success']);
  });
});
