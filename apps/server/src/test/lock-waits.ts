import type pg from 'pg';

/**
 * Waits until a statement of the app is queued behind a lock that `holder` (a second connection to the
 * test database) holds: a state, not a time.
 */
export async function untilAppWaitsForLock(holder: pg.Client): Promise<void> {
  for (let round = 0; round < 500; round++) {
    const { rows } = await holder.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The app never waited for the lock');
}
