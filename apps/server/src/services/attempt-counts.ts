import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attemptCounts } from '../db/schema';

/** What is counted: each scope has its own allowance per key. */
export type AttemptScope = 'sign-in-link:address' | 'sign-in-link:email' | 'verify:address';

export interface AttemptLimit {
  scope: AttemptScope;
  key: string;
  limit: number;
  windowMinutes: number;
}

/**
 * Counts an attempt by `key` and tells whether it is within the limit. One statement, so two studio
 * processes (or two requests) cannot both take the last attempt: the upsert locks the key's row. The
 * window opens at the key's first attempt and, once closed, the next attempt opens a new one; an attempt
 * over the limit is not counted, so a refused flood does not extend anything.
 */
export async function takeAttempt(db: Database, attempt: AttemptLimit): Promise<boolean> {
  const closed = sql`${attemptCounts.windowEndsAt} <= now()`;
  const rows = await db
    .insert(attemptCounts)
    .values({
      scope: attempt.scope,
      key: attempt.key,
      count: 1,
      windowEndsAt: sql`now() + make_interval(mins => ${attempt.windowMinutes})`,
    })
    .onConflictDoUpdate({
      target: [attemptCounts.scope, attemptCounts.key],
      set: {
        count: sql`case when ${closed} then 1 else ${attemptCounts.count} + 1 end`,
        windowEndsAt: sql`case when ${closed} then excluded.window_ends_at else ${attemptCounts.windowEndsAt} end`,
      },
      setWhere: sql`${closed} or ${attemptCounts.count} < ${attempt.limit}`,
    })
    .returning({ count: attemptCounts.count });
  return rows.length > 0;
}

/** Gives back an attempt that did not happen after all (e.g. a sign-in link the mailer could not send). */
export async function returnAttempt(db: Database, scope: AttemptScope, key: string): Promise<void> {
  await db
    .update(attemptCounts)
    .set({ count: sql`${attemptCounts.count} - 1` })
    .where(and(eq(attemptCounts.scope, scope), eq(attemptCounts.key, key), gt(attemptCounts.count, 0)));
}

/** Forgets keys whose window has closed; returns how many. */
export async function removeClosedAttemptWindows(db: Database): Promise<number> {
  const removed = await db
    .delete(attemptCounts)
    .where(lte(attemptCounts.windowEndsAt, sql`now()`))
    .returning({ key: attemptCounts.key });
  return removed.length;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Forgets closed windows now and then every hour (a key seen once would otherwise stay for good). */
export function startAttemptSweeper(
  db: Database,
  log: { warn(message: string): void },
  everyMs = SWEEP_EVERY_MS,
): { stop(): void } {
  const run = () =>
    removeClosedAttemptWindows(db).catch((error: unknown) =>
      log.warn(`Sweeping closed sign-in attempt windows failed: ${String(error)}`),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
