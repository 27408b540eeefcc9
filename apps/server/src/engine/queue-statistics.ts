import type { Database } from '../db/client';
import { isPglite, runStatement } from '../db/raw-statements';

/** How often the dispatcher looks whether the queue's statistics went stale (one cheap read). */
const CHECK_EVERY_MS = 10_000;

/** The table's size as the planner last measured it, and as it is now, in pages. */
const SIZES = `
  select c.reltuples::float8 as tuples, c.relpages as pages,
    (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages_now
  from pg_class c where c.oid = 'generations'::regclass`;

/**
 * Keeps the planner's statistics of the queue fresh on PGlite, which has no autovacuum: without them
 * the planner keeps the picture of the queue it had when the table was last analyzed (or none), and
 * picks plans for a few rows when thousands wait. Like autovacuum's own rule, the table is analyzed
 * once the jobs moved since the last ANALYZE pass 50 + 10% of its rows, or once it grew or shrank by
 * a tenth; the check is one read of `pg_class` every 10 s, the ANALYZE a sample of at most 30,000
 * rows. PostgreSQL's autovacuum does this itself: nothing happens there.
 */
export class QueueStatistics {
  private moved = 0;
  private lastCheck = 0;

  constructor(private readonly db: Database) {}

  /** Jobs claimed or finished by this dispatcher: statuses the planner counts changed. */
  jobsMoved(count: number): void {
    this.moved += count;
  }

  /** Analyzes `generations` when its statistics went stale; whether it did. */
  async refreshIfStale(now = Date.now()): Promise<boolean> {
    if (!isPglite(this.db) || now - this.lastCheck < CHECK_EVERY_MS) return false;
    this.lastCheck = now;
    const [size] = await runStatement<{ tuples: number; pages: number; pages_now: number }>(
      this.db,
      'queue_sizes',
      SIZES,
      [],
    );
    if (!size) return false;
    const tuples = Math.max(0, size.tuples);
    const grown = Math.abs(size.pages_now - size.pages) > Math.max(1, size.pages / 10);
    if (!grown && this.moved <= 50 + tuples / 10) return false;
    this.moved = 0;
    await runStatement(this.db, 'analyze_queue', 'analyze generations', []);
    return true;
  }
}
