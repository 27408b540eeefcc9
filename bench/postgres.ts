import type { DatabaseHandle } from '../apps/server/src/db/client';
import { openTestDatabase } from '../apps/server/src/test/test-database';

/**
 * Opens a fresh PostgreSQL database per call (dropped on close) on BENCH_DATABASE_URL, by default the
 * local test server; null, with a line saying so, when that server does not answer.
 */
export async function postgresForBench(): Promise<(() => Promise<DatabaseHandle>) | null> {
  const url = await postgresUrlForBench();
  return url ? () => withDatabaseUrl(url, openTestDatabase) : null;
}

/** BENCH_DATABASE_URL (or the local test server) when it answers; null, with a line saying so. */
export async function postgresUrlForBench(): Promise<string | null> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await reachable(url)) return url;
  console.log(`\n(PostgreSQL at ${url} is not reachable: its rows are left out)`);
  return null;
}

/** Runs `run` with DATABASE_URL set, so test databases open on that server. */
export async function withDatabaseUrl<T>(url: string, run: () => Promise<T>): Promise<T> {
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = before;
  }
}

async function reachable(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
