import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';
import { pgliteOf } from './raw-statements';

/**
 * PGlite has no autovacuum: every UPDATE and DELETE leaves its old row version in the file for good (a
 * job's moves, pending -> assigned -> queued -> running -> success, leave five), and the planner never
 * gets statistics. Measured: each 5,000-job cycle grew the database by ~17 MB and nothing ever shrank
 * it; with a VACUUM between cycles it stays at ~76 MB. This does autovacuum's work on PGlite, by its
 * rules: once a minute (autovacuum_naptime) it vacuums the tables whose dead rows passed PostgreSQL's
 * own threshold (autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor × rows, 50 + 20%) and
 * analyzes those whose changed rows passed the analyze threshold (50 + 10%). The threshold scales with
 * the table, so the work done is proportional to the churn, whatever the studio's size: a steady queue
 * vacuums `generations` about once a minute while it runs, and an idle studio never. PGlite keeps the
 * counts of dead rows in memory only (none survive a restart, clean or not), so at start, once the
 * server answers, every table of more than 1 MB is vacuumed and analyzed whatever the counts say: the
 * dead rows of earlier runs (months of them in a studio older than this) are there. PostgreSQL runs
 * its own autovacuum: nothing is done there.
 *
 * PGlite runs in this thread: a VACUUM holds the event loop while it runs, so it goes one table at a
 * time, with the loop free between tables. Measured (load 8) on a studio of 10,000 takes after three
 * 5,000-job batches: the start's pass 212-253 ms, nearly all of it `generations`; that table's VACUUM
 * after each further batch 60-158 ms (once 334 ms), the checkpoint 14-44 ms; a pass over a vacuumed
 * database 66-70 ms. The database stayed at 40 MB (59 MB and growing without), the folder at 198 MB.
 */
export interface VacuumKeeper {
  /**
   * One pass now (tests): the tables due, and with `atStart` every table of more than 1 MB. Resolves
   * with the tables done.
   */
  pass(atStart?: boolean): Promise<string[]>;
  /** Stops the timer; waits for a pass under way. */
  stop(): Promise<void>;
}

export interface VacuumOptions {
  /** The start's pass, this long after the call (default 5 s: after the start's own work). */
  firstAfterMs?: number;
  /** How often tables are looked at (default 60 s, autovacuum_naptime's default). */
  everyMs?: number;
  log?: { warn(message: string): void };
}

const NOTHING: VacuumKeeper = { pass: async () => [], stop: async () => {} };

export function keepPgliteVacuumed(db: Database, options: VacuumOptions = {}): VacuumKeeper {
  const client = pgliteOf(db);
  if (!client) return NOTHING;
  let running: Promise<string[]> = Promise.resolve([]);
  let stopped = false;
  const pass = (atStart = false) => {
    const next = running.then(() => (stopped ? [] : vacuumTables(client, atStart, () => stopped)));
    running = next.catch((error: unknown) => {
      options.log?.warn(`Database maintenance: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
    return next;
  };
  let timer: ReturnType<typeof setTimeout> = setTimeout(() => {
    void pass(true).catch(() => {});
    timer = setInterval(() => void pass().catch(() => {}), options.everyMs ?? 60_000);
    timer.unref();
  }, options.firstAfterMs ?? 5_000);
  timer.unref();
  return {
    pass,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The start's pass vacuums tables above this size whatever their counts say; smaller ones (a studio's
 * are mostly a few pages) hold little dead space, and each VACUUM grows PGlite's memory, which never
 * shrinks (the 27 tables of a new studio: +30-60 MB of RSS at rest).
 */
const START_MIN_BYTES = 1024 * 1024;

/** Tables as autovacuum would pick them: past the dead rows' threshold (`vacuum`), the changed rows' (`analyze`). */
const DUE_TABLES = `
  select name, vacuum_due, analyze_due from (
    select format('%I.%I', s.schemaname, s.relname) as name, s.relid, s.n_dead_tup,
      s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0) as vacuum_due,
      s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
        + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0) as analyze_due
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  ) t
  where vacuum_due or analyze_due or ($1::boolean and pg_table_size(relid) > ${START_MIN_BYTES})
  order by n_dead_tup desc`;

async function vacuumTables(client: PGlite, atStart: boolean, stopped: () => boolean): Promise<string[]> {
  // This is the database's one connection: its counts of changed rows reach pg_stat_user_tables at
  // most once a second, as a statement ends. The batch just written is counted.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{
    name: string;
    vacuum_due: boolean;
    analyze_due: boolean;
  }>(DUE_TABLES, [atStart]);
  const done: string[] = [];
  for (const { name, vacuum_due: vacuum, analyze_due: analyze } of rows) {
    if (stopped()) break;
    // The event loop runs between two tables: requests wait for one table's VACUUM at most.
    await new Promise((resolve) => setImmediate(resolve));
    const work = atStart || (vacuum && analyze) ? 'VACUUM (ANALYZE)' : vacuum ? 'VACUUM' : 'ANALYZE';
    await client.exec(`${work} ${name}`);
    done.push(name);
  }
  // The write-ahead log is recycled only at a checkpoint, which PGlite (no checkpointer) makes by itself
  // only past max_wal_size, 1 GB: without one the folder grows by the log of every change until then.
  if (done.length > 0 && !stopped()) await client.exec('CHECKPOINT');
  return done;
}
