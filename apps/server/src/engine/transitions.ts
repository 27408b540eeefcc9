import type { GenerationStatus } from '@cinegraph/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations } from '../db/schema';
import { generationEventColumns, updateAndPublish, type GenerationEventRow } from './generation-events';

type GenerationInsert = typeof generations.$inferInsert;
/** Values, or SQL computed by the UPDATE itself from the row (a duration from its `started_at`). */
type GenerationChanges = { [K in keyof GenerationInsert]?: GenerationInsert[K] | SQL };

/**
 * Moves a generation to another status only if it is still in one of the `from` statuses: a single
 * conditional UPDATE, so a cancel, another dispatcher or a stale tracker can never move a job twice.
 * A move or a progress update is announced to the movie's open pages. Returns the changed row, or null
 * when this call did not make the move.
 */
export async function transition(
  db: Database,
  id: string,
  from: GenerationStatus | readonly GenerationStatus[],
  changes: GenerationChanges,
  /** Statements run with the move in one round trip; they read the moved row as `moved`. */
  alongside: readonly SQL[] = [],
): Promise<GenerationEventRow | null> {
  const expected = typeof from === 'string' ? [from] : [...from];
  const update = db
    .update(generations)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(generations.id, id), inArray(generations.status, expected)))
    .returning(generationEventColumns);
  const change = changes.status !== undefined ? 'status' : changes.progress !== undefined ? 'progress' : null;
  const [moved] = change ? await updateAndPublish(db, update, change, alongside) : await update;
  return moved ?? null;
}
