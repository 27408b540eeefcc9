import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { lockPgliteFolder } from './pglite-lock';

/** The one database type the code uses, whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; folder: string } | { kind: 'pglite-memory' };

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  let unlock = () => {};
  if (target.kind === 'pglite') {
    fs.mkdirSync(path.dirname(target.folder), { recursive: true });
    unlock = lockPgliteFolder(target.folder);
  }
  try {
    const client = target.kind === 'pglite' ? new PGlite(target.folder) : new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a PostgreSQL restart, a dropped database) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  const client = await pool.connect();
  try {
    // Several server processes may start at once: one migrates, the others wait for it.
    await client.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
  await db.execute(sql`select 1`);
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}
