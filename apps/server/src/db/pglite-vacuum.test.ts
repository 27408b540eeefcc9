import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-database';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { keepPgliteVacuumed } from './pglite-vacuum';
import { generations, movies, nodes, users } from './schema';

/** What a queue of `jobs` does to its rows: queued, moved through each status, then deleted. */
async function churn(db: Database, jobs: number): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({ email: `churn-${Math.random()}@example.com` })
    .returning();
  const [movie] = await db.insert(movies).values({ title: 'Churn' }).returning();
  const [node] = await db
    .insert(nodes)
    .values({ movieId: movie!.id, type: 'workflow', level: 'editor', name: 'Still' })
    .returning();
  await db.insert(generations).values(
    Array.from({ length: jobs }, (_, index) => ({
      movieId: movie!.id,
      workflowNodeId: node!.id,
      userId: user!.id,
      level: 'shot' as const,
      index,
    })),
  );
  for (const status of ['assigned', 'queued', 'running', 'success']) {
    await db.execute(
      sql`update generations set status = ${status}, updated_at = now() where movie_id = ${movie!.id}`,
    );
  }
  await db.delete(movies).where(sql`id = ${movie!.id}`);
}

async function generationsBytes(db: Database): Promise<number> {
  const { rows } = (await db.execute(
    sql`select pg_total_relation_size('generations')::int as bytes`,
  )) as unknown as {
    rows: { bytes: number }[];
  };
  return rows[0]!.bytes;
}

async function lastVacuums(db: Database): Promise<Record<string, string | null>> {
  const { rows } = (await db.execute(
    sql`select relname, last_vacuum::text as at from pg_stat_user_tables where relname in ('generations', 'users')`,
  )) as unknown as { rows: { relname: string; at: string | null }[] };
  return Object.fromEntries(rows.map((r) => [r.relname, r.at]));
}

describe('PGlite vacuumed by the server', { timeout: 120_000 }, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite-memory' });
  });
  afterAll(() => handle.close());

  it('vacuums the tables of more than 1 MB at start, then the tables whose churn passed autovacuum threshold', async () => {
    const { db } = handle;
    // What earlier runs left: PGlite counts dead rows in memory only, so none are counted at start.
    await churn(db, 2_000);
    const keeper = keepPgliteVacuumed(db, { firstAfterMs: 0, everyMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await keeper.pass()).toEqual([]); // Waits for the start's pass: nothing left due after it.
      expect(await lastVacuums(db)).toEqual({ generations: expect.any(String), users: null });

      // A queue of 2,000 jobs leaves 10,000 dead row versions of generations: due, by far.
      await churn(db, 2_000);
      const done = await keeper.pass();
      expect(done).toContain('public.generations');
      expect(done).not.toContain('public.users'); // One row inserted: below the thresholds.
    } finally {
      await keeper.stop();
    }
  });

  it("keeps the queue's table from growing by each batch's dead rows", async () => {
    const { db } = handle;
    const keeper = keepPgliteVacuumed(db, { firstAfterMs: 60_000 });
    try {
      await keeper.pass(true);
      // Without vacuum: every batch's dead rows stay in the file.
      const unvacuumed = [];
      for (let i = 0; i < 3; i++) {
        await churn(db, 2_000);
        unvacuumed.push(await generationsBytes(db));
      }
      expect(unvacuumed[2]).toBeGreaterThan(unvacuumed[0]! * 2);

      // With the due tables vacuumed after each batch, the space its dead rows held is used again.
      await keeper.pass(true);
      const vacuumed = [];
      for (let i = 0; i < 5; i++) {
        await churn(db, 2_000);
        vacuumed.push(await generationsBytes(db));
        await keeper.pass();
      }
      expect(Math.max(...vacuumed)).toBeLessThanOrEqual(vacuumed[0]! * 1.1);
      expect(Math.max(...vacuumed)).toBeLessThan(unvacuumed[2]!);
    } finally {
      await keeper.stop();
    }
  });

  it('stops: no pass runs after stop', async () => {
    const keeper = keepPgliteVacuumed(handle.db, { firstAfterMs: 20 });
    await keeper.stop();
    expect(await keeper.pass(true)).toEqual([]);
  });
});

/** The bytes of every file under `dir`: the database folder as the disk holds it, log included. */
function folderBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

describe('a PGlite folder', { timeout: 180_000 }, () => {
  it('stays the same size through batch after batch of jobs, write-ahead log included', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegraph-vacuum-'));
    const folder = path.join(dir, 'db');
    const handle = await openDatabase({ kind: 'pglite', folder });
    const keeper = keepPgliteVacuumed(handle.db, { firstAfterMs: 60_000 });
    try {
      const sizes = { without: [] as number[], with: [] as number[] };
      for (let i = 0; i < 3; i++) {
        await churn(handle.db, 2_000);
        sizes.without.push(folderBytes(folder));
      }
      for (let i = 0; i < 4; i++) {
        await churn(handle.db, 2_000);
        await keeper.pass();
        sizes.with.push(folderBytes(folder));
      }
      // Without: each batch adds its dead rows and ~10 MB of log (in 16 MB files). With: the first pass
      // frees the earlier batches' space, and later batches reuse it (measured: +1.2 MB once, then 0).
      expect(sizes.without[2]! - sizes.without[0]!).toBeGreaterThan(10 * 1024 ** 2);
      expect(Math.max(...sizes.with) - sizes.with[1]!).toBeLessThan(2 * 1024 ** 2);
    } finally {
      await keeper.stop();
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('leaves vacuuming to its autovacuum', async () => {
    const keeper = keepPgliteVacuumed(database.db, { firstAfterMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await keeper.pass(true)).toEqual([]);
    await keeper.stop();
    expect(await lastVacuums(database.db)).toEqual({ generations: null, users: null });
  });
});
