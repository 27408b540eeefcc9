import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, type Database, type DatabaseHandle } from './client';
import { migrationsPending } from './pending-migrations';
import * as schema from './schema';

/** Opens a pool on PostgreSQL at `url` and brings its schema up to date with the migrations. */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a PostgreSQL restart, a dropped database) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  const client = await pool.connect();
  try {
    // Several server processes may start at once: one migrates, the others wait for it.
    await client.query('SELECT pg_advisory_lock(727274)');
    if (await migrationsPending(migrationsFolder, (statement) => client.query(statement))) {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
  await db.execute(sql`select 1`);
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}
