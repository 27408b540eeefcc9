import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema';
import { lockPgliteFolder } from './pglite-lock';
import { migrationsPending } from './pending-migrations';

/** The one database type the code uses, whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; folder: string } | { kind: 'pglite-memory' };

export const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

/**
 * PostgreSQL's default 128 MB of shared buffers are allocated and written inside PGlite's WebAssembly
 * memory at every start, most of the server's memory at rest (RSS 286 MB for PGlite alone, 181 MB with
 * 32 MB). A studio's database reads through the operating system's file cache beyond them.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  // The PostgreSQL driver loads only when configured: a PGlite studio starts without it.
  if (target.kind === 'postgres') return (await import('./postgres-client')).openPostgres(target.url);
  let unlock = () => {};
  if (target.kind === 'pglite') {
    fs.mkdirSync(path.dirname(target.folder), { recursive: true });
    unlock = lockPgliteFolder(target.folder);
  }
  try {
    const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] };
    const client = target.kind === 'pglite' ? new PGlite(target.folder, options) : new PGlite(options);
    const db = drizzlePglite(client, { schema });
    if (await migrationsPending(migrationsFolder, (statement) => client.query(statement))) {
      await migratePglite(db, { migrationsFolder });
    }
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
