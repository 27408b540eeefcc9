import { STORYBOARD_MESSAGES } from '@cinegraph/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { descriptions } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { requireMovieMember, type MovieRow } from '../movies/access';
import { listCharacters } from './characters';
import { descriptionDrafts } from './description-drafts';
import { listScenes } from './scenes';

export type DescriptionRow = typeof descriptions.$inferSelect;

const TYPE_ORDER = sql`case ${descriptions.type} when 'character' then 0 when 'location' then 1 else 2 end`;

/**
 * The movie's descriptions. Sources without one (a new character, a scene, a movie input) get one first,
 * drafted offline; one per source ever, so a deleted description stays deleted.
 */
export async function listDescriptions(db: Database, movie: MovieRow): Promise<DescriptionRow[]> {
  const drafts = descriptionDrafts(
    await listCharacters(db, movie.id),
    await listScenes(db, movie.id),
    movie.inputs,
  );
  if (drafts.length > 0) {
    await db
      .insert(descriptions)
      .values(drafts.map((draft) => ({ ...draft, movieId: movie.id })))
      .onConflictDoNothing({ target: [descriptions.movieId, descriptions.type, descriptions.sourceId] });
  }
  return db
    .select()
    .from(descriptions)
    .where(and(eq(descriptions.movieId, movie.id), isNull(descriptions.deletedAt)))
    .orderBy(TYPE_ORDER, asc(descriptions.createdAt), asc(descriptions.sourceName), asc(descriptions.id));
}

/** A description of a movie the user is a member of (404 when missing or deleted). */
export async function requireDescription(db: Database, id: string, userId: string): Promise<DescriptionRow> {
  const [row] = await db
    .select()
    .from(descriptions)
    .where(and(eq(descriptions.id, id), isNull(descriptions.deletedAt)));
  if (!row) throw notFound('Description not found');
  await requireMovieMember(db, row.movieId, userId);
  return row;
}

export async function updateDescriptionText(
  db: Database,
  row: DescriptionRow,
  text: string,
): Promise<DescriptionRow> {
  const description = text.trim();
  if (!description) throw badRequest(STORYBOARD_MESSAGES.descriptionEmpty);
  const [updated] = await db
    .update(descriptions)
    .set({ description, updatedAt: sql`now()` })
    .where(eq(descriptions.id, row.id))
    .returning();
  return updated!;
}

/** Kept as a tombstone so the next read does not write the description again. */
export async function deleteDescription(db: Database, row: DescriptionRow): Promise<void> {
  await db
    .update(descriptions)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(descriptions.id, row.id));
}
