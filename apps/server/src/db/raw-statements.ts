import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';

/** node-postgres' pool: a named statement is parsed and planned once per connection. */
interface PoolClient {
  query(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a fixed SQL text on the driver itself, without building it through Drizzle at each call (the
 * dispatcher's hot statements, many per second). On PostgreSQL it is a named prepared statement. Values
 * go as text or numbers, so both drivers read them alike. Never inside a transaction: it takes its own
 * connection, and a statement chosen as a deadlock's victim is run once more (see onceMoreIfDeadlocked).
 */
export async function runStatement<Row>(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = clientOf(db);
  const result = await onceMoreIfDeadlocked(() =>
    client instanceof PGlite ? client.query(text, values) : client.query({ name, text, values }),
  );
  return result.rows as Row[];
}

/** Whether the database is PGlite (in this process, one connection, no autovacuum). */
export function isPglite(db: Database): boolean {
  return clientOf(db) instanceof PGlite;
}

/** The PGlite underneath, or null on PostgreSQL. */
export function pgliteOf(db: Database): PGlite | null {
  const client = clientOf(db);
  return client instanceof PGlite ? client : null;
}

function clientOf(db: Database): PGlite | PoolClient {
  return (db as unknown as { $client: PGlite | PoolClient }).$client;
}

/** PostgreSQL's deadlock_detected and serialization_failure: the statement was rolled back whole. */
const RETRIED_CODES = new Set(['40P01', '40001']);

/**
 * Runs a statement that is a transaction of its own once more when PostgreSQL rolled it back as a
 * deadlock's victim (or a serialization failure): nothing of it was written. It waits a moment first,
 * so the other party takes the locks it was waiting for rather than meeting the same circle again. The
 * engine's statements lock rows in id order, so they do not deadlock with one another; another
 * writer's order may still differ.
 */
export async function onceMoreIfDeadlocked<T>(run: () => PromiseLike<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!RETRIED_CODES.has((error as { code?: string }).code ?? '')) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS * (1 + Math.random())));
    return run();
  }
}

const RETRY_AFTER_MS = 50;
