import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';

/**
 * node-postgres' pool: a named statement is parsed and planned once per connection, an unnamed one at
 * each call.
 */
interface PoolClient {
  query(statement: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a fixed SQL text on the driver itself, without building it through Drizzle at each call (the
 * dispatcher's hot statements, many per second). On PostgreSQL it is a named prepared statement. Values
 * go as text or numbers, so both drivers read them alike. Never inside a transaction: it takes its own
 * connection, and a statement chosen as a deadlock's victim is run once more (see onceMoreIfDeadlocked).
 */
export async function runStatement<Row>(
  db: Database,
  name: string | null,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = clientOf(db);
  const result = await onceMoreIfDeadlocked(() =>
    client instanceof PGlite
      ? client.query(text, values)
      : client.query(name ? { name, text, values } : { text, values }),
  );
  return result.rows as Row[];
}

/** runStatement on `db`, as a transaction's statements are run (inRawTransaction): one reader for both. */
export function statementsOn(db: Database): RunStatement {
  return (name, text, values = []) => runStatement(db, name, text, values);
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

/** A fixed SQL text run on the driver: named (prepared once per connection on PostgreSQL) or not (null). */
export type RunStatement = <Row>(name: string | null, text: string, values?: unknown[]) => Promise<Row[]>;

/**
 * Runs `work` in one transaction on the driver itself, its statements fixed texts (see runStatement):
 * the engine's claim, many a second, without building its statements through Drizzle at each call.
 */
export async function inRawTransaction<T>(db: Database, work: (run: RunStatement) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (client instanceof PGlite) {
    return client.transaction((tx) =>
      work(async <Row>(_name: string | null, text: string, values: unknown[] = []) => {
        return (await tx.query<Row>(text, values)).rows;
      }),
    );
  }
  const connection = await (client as unknown as PgPool).connect();
  const run: RunStatement = async <Row>(name: string | null, text: string, values: unknown[] = []) => {
    const statement = name ? { name, text, values } : { text, values };
    return (await connection.query(statement)).rows as Row[];
  };
  try {
    await connection.query('begin');
    const result = await work(run);
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch(() => {});
    throw error;
  } finally {
    connection.release();
  }
}

/** node-postgres' pool, as the transaction uses it. */
interface PgPool {
  connect(): Promise<{
    query(
      statement: string | { name?: string; text: string; values: unknown[] },
    ): Promise<{ rows: unknown[] }>;
    release(): void;
  }>;
}

/**
 * A table's columns in a raw select (`alias."name" as "<prefix>name"`) and a row of them read back under
 * the table's keys. Both drivers parse each type as Drizzle's select hands it over (dates as Date, JSON
 * parsed, arrays as arrays, real as number): claim.test.ts compares the two.
 */
export function rawColumns<Row>(columns: Record<string, { name: string }>, alias: string, prefix = '') {
  const entries = Object.entries(columns).map(([key, column]) => [
    key,
    column.name,
    `${prefix}${column.name}`,
  ]);
  return {
    list: entries.map(([, name, as]) => `${alias}."${name}" as "${as}"`).join(', '),
    read: (row: Record<string, unknown>) =>
      Object.fromEntries(entries.map(([key, , as]) => [key, row[as!]])) as Row,
  };
}
