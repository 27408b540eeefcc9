import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { attemptCounts } from '../db/schema';
import { openTestDatabase } from '../test/test-database';
import { removeClosedAttemptWindows, returnAttempt, takeAttempt, type AttemptLimit } from './attempt-counts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const attempt = (key: string, limit = 3): AttemptLimit => ({
  scope: 'verify:address',
  key,
  limit,
  windowMinutes: 15,
});

describe('attempts counted in the database', () => {
  it('allows exactly the limit when attempts arrive together', async () => {
    // On PostgreSQL these run on separate connections of the pool, as two processes would.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => takeAttempt(database.db, attempt('10.0.0.1'))),
    );
    expect(answers.filter(Boolean)).toHaveLength(3);
    const [row] = await database.db.select().from(attemptCounts).where(eq(attemptCounts.key, '10.0.0.1'));
    expect(row?.count).toBe(3);
  });

  it('counts each key and scope on its own', async () => {
    expect(await takeAttempt(database.db, attempt('10.0.0.2', 1))).toBe(true);
    expect(await takeAttempt(database.db, attempt('10.0.0.2', 1))).toBe(false);
    expect(await takeAttempt(database.db, attempt('10.0.0.3', 1))).toBe(true);
    expect(await takeAttempt(database.db, { ...attempt('10.0.0.2', 1), scope: 'sign-in-link:address' })).toBe(
      true,
    );
  });

  it('opens a new window once the last one closed, and gives an attempt back', async () => {
    expect(await takeAttempt(database.db, attempt('10.0.0.4', 1))).toBe(true);
    expect(await takeAttempt(database.db, attempt('10.0.0.4', 1))).toBe(false);
    await returnAttempt(database.db, 'verify:address', '10.0.0.4');
    expect(await takeAttempt(database.db, attempt('10.0.0.4', 1))).toBe(true);
    await database.db
      .update(attemptCounts)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(attemptCounts.key, '10.0.0.4'));
    expect(await takeAttempt(database.db, attempt('10.0.0.4', 1))).toBe(true);
    expect(await takeAttempt(database.db, attempt('10.0.0.4', 1))).toBe(false);
  });

  it('sweeps closed windows only', async () => {
    await takeAttempt(database.db, attempt('10.0.0.5'));
    await takeAttempt(database.db, attempt('10.0.0.6'));
    await database.db
      .update(attemptCounts)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(attemptCounts.key, '10.0.0.5'));
    expect(await removeClosedAttemptWindows(database.db)).toBe(1);
    const keys = (await database.db.select({ key: attemptCounts.key }).from(attemptCounts)).map((r) => r.key);
    expect(keys).toContain('10.0.0.6');
    expect(keys).not.toContain('10.0.0.5');
  });
});
