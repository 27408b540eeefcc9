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
 * connection.
 */
export async function runStatement<Row>(
  db: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client: PGlite | PoolClient }).$client;
  const result =
    client instanceof PGlite ? await client.query(text, values) : await client.query({ name, text, values });
  return result.rows as Row[];
}
