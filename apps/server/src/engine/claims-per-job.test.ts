import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { expect, it } from 'vitest';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import type { TestApp } from '../test/test-app';
import {
  eachTestWithGenerationMovie,
  generate,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

/** The test's database with every statement it runs written down. */
function loggedDatabase(statements: string[]): Database {
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return (client instanceof PGlite
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as Database;
}

it('claims the next job once when a job ends, as its run ends on the worker', async () => {
  // One worker with one slot, so every job after the first is claimed for the slot a job leaves.
  const { workers, pool } = await startWorkers(t, 1);
  cleanups.push(
    () => pool.stop(),
    () => workers[0]!.close(),
  );
  const ids = await generate(t, m, m.shotIds.slice(0, 1), 6);
  const statements: string[] = [];
  // The ticks are out of the way: each claim here is one a job's end asked for.
  const dispatcher = testDispatcher(t, { db: loggedDatabase(statements), intervalMs: 600_000 });
  cleanups.push(() => dispatcher.stop());
  dispatcher.start();

  await waitForStatus(t, ids, ['success']);
  await dispatcher.stop();

  // A claim locks the healthy workers first. One at the start, one per job that left the slot (the
  // last finds the queue empty); not a second one for the same slot once the take is stored.
  const claims = statements.filter((s) => s.includes('for update of "workers" skip locked'));
  expect(claims.length).toBeLessThanOrEqual(ids.length + 1);
});
