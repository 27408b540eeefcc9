import type { GenerationStatus } from '@cinegraph/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations } from '../db/schema';

type GenerationChanges = Partial<typeof generations.$inferInsert>;

/**
 * Moves a generation to another status only if it is still in one of the `from` statuses: a single
 * conditional UPDATE, so a cancel, another dispatcher or a stale tracker can never move a job twice.
 * Returns whether this call made the move.
 */
export async function transition(
  db: Database,
  id: string,
  from: GenerationStatus | readonly GenerationStatus[],
  changes: GenerationChanges,
): Promise<boolean> {
  const expected = typeof from === 'string' ? [from] : [...from];
  const moved = await db
    .update(generations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(generations.id, id), inArray(generations.status, expected)))
    .returning({ id: generations.id });
  return moved.length === 1;
}

/** The job is still in this status (not cancelled meanwhile); keeps its lease fresh while it waits. */
export function touch(db: Database, id: string, status: GenerationStatus, changes: GenerationChanges = {}) {
  return transition(db, id, status, changes);
}
