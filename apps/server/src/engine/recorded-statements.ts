import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';
import * as schema from '../db/schema';

type Method = (...args: unknown[]) => unknown;

/**
 * The test's database with the text of every statement it runs written down, those built by Drizzle
 * and the engine's fixed ones run on the driver alike (claims-per-job.test.ts, claim-queue-order.test.ts).
 */
export function recordingDatabase(db: Database, statements: string[]): Database {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const query =
    (real: Method) =>
    (statement: unknown, ...rest: unknown[]) => {
      statements.push(typeof statement === 'string' ? statement : (statement as { text: string }).text);
      return real(statement, ...rest);
    };
  if (client instanceof PGlite) {
    const tx = (real: Method) => (work: unknown) =>
      real((t: object) => (work as Method)(recording(t, { query })));
    return drizzlePglite(recording(client, { query, transaction: tx }), { schema }) as unknown as Database;
  }
  const connect = (real: Method) => async () => recording((await real()) as object, { query });
  return drizzlePg(recording(client, { query, connect }), { schema }) as unknown as Database;
}

/** `target` with the methods named in `wrap` wrapped, every other one bound to it. */
function recording<T extends object>(target: T, wrap: Record<string, (real: Method) => Method>): T {
  return new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as Method).bind(object);
      return typeof key === 'string' && key in wrap ? wrap[key]!(bound) : bound;
    },
  });
}
