import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inRawTransaction } from '../db/raw-statements';
import { movies, nodes, users, workers } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/test-database';
import { claimForFreeSlots, oldestPending, servingGroups } from './claim';
import { recordingDatabase } from './recorded-statements';
import { recordedClasses } from './worker-classes';

// A queue just filled, before any statistics exist: PGlite never gathers them (no autovacuum), and
// PostgreSQL only a while after a batch is queued. The planner then takes the queue for a few rows.
let t: TestDatabase;
let sharedWorkerId: string;

beforeAll(async () => {
  t = await openTestDatabase();
  const [user] = await t.db.insert(users).values({ email: 'queue@example.com' }).returning();
  const [movie] = await t.db.insert(movies).values({ title: 'Queue' }).returning();
  const [node] = await t.db
    .insert(nodes)
    .values({ movieId: movie!.id, type: 'workflow', level: 'editor', name: 'Still' })
    .returning();
  const classes = recordedClasses(['EmptyImage', 'SaveImage']);
  const [worker] = await t.db
    .insert(workers)
    .values({ url: 'http://127.0.0.1:3221', healthy: true, capacity: 2, ...classes })
    .returning();
  sharedWorkerId = worker!.id;
  await t.db.execute(sql`
    insert into generations (movie_id, workflow_node_id, user_id, level, required_classes, created_at)
    select ${movie!.id}::uuid, ${node!.id}::uuid, ${user!.id}::uuid, 'shot', array['SaveImage'],
           now() - i * interval '1 second'
    from generate_series(1, 2000) as i`);
});

afterAll(() => t.close());

describe('the claim on a queue without statistics', () => {
  it('reads the queue through its index in order, not every pending job to sort them', async () => {
    const groups = servingGroups([{ id: sharedWorkerId, userId: null, nodeClassesDigest: 'digest' }]);
    const queue = oldestPending(2, groups);
    const plan = await inRawTransaction(t.db, async (run) => {
      await run(null, `select ${ORDERED}`);
      const rows = await run<object>(null, `explain ${queue.text}`, queue.values);
      return rows.map((row) => Object.values(row)[0] as string).join('\n');
    });
    expect(plan).toContain('Index Scan using generations_claim_idx');
    expect(plan).not.toMatch(/Sort|Seq Scan on generations|Bitmap/);
  });

  it('sets that order in its own transaction before it reads the queue', async () => {
    const statements: string[] = [];
    const { claims } = await claimForFreeSlots(recordingDatabase(t.db, statements), 50);

    expect(claims).toHaveLength(2); // the oldest two, for the worker's two slots
    const ordered = statements.findIndex((s) => s.includes(ORDERED));
    const queueRead = statements.findIndex((s) => /from generations g where g.status = 'pending'/.test(s));
    expect(ordered).toBeGreaterThanOrEqual(0);
    expect(queueRead).toBeGreaterThan(ordered);
    // Local to the claim's transaction: other statements plan as before.
    expect(await currentSortSetting()).toBe('on');
  });
});

async function currentSortSetting(): Promise<string> {
  const result = (await t.db.execute(sql`select current_setting('enable_sort') as on`)) as unknown as {
    rows: { on: string }[];
  };
  return result.rows[0]!.on;
}

/** The claim's setting, local to its transaction: the planner may not sort. */
const ORDERED = "set_config('enable_sort', 'off', true)";
