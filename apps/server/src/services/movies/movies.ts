import type { MovieInput, TemplateKey } from '@cinegraph/contracts';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movieMembers, movies } from '../../db/schema';
import { applyMovieInputs } from '../editor/movie-inputs';
import { copyMovieContent, remapInputs } from './movie-copy';
import { TEMPLATE_ORDER } from './templates';
import { requireMovieMember, requireReadableMovie, type MovieRow } from './access';

export const UNTITLED_MOVIE = 'Untitled Movie';

export async function listMoviesOfUser(db: Database, userId: string): Promise<MovieRow[]> {
  const rows = await db
    .select({ movie: movies })
    .from(movies)
    .innerJoin(movieMembers, eq(movieMembers.movieId, movies.id))
    .where(eq(movieMembers.userId, userId))
    .orderBy(desc(movies.updatedAt), desc(movies.createdAt));
  return rows.map((row) => row.movie);
}

export async function listTemplates(db: Database): Promise<MovieRow[]> {
  const rows = await db.select().from(movies).where(isNotNull(movies.templateKey)).orderBy(asc(movies.title));
  const rank = (key: string | null) => TEMPLATE_ORDER.indexOf(key as TemplateKey);
  return rows.sort((a, b) => rank(a.templateKey) - rank(b.templateKey));
}

export async function createBlankMovie(
  db: Database,
  userId: string,
  title = UNTITLED_MOVIE,
): Promise<MovieRow> {
  return db.transaction(async (tx) => {
    const [movie] = await tx.insert(movies).values({ title }).returning();
    await tx.insert(movieMembers).values({ movieId: movie!.id, userId });
    return movie!;
  });
}

/**
 * New Movie: a copy of a template (or of one of the user's own movies) owned by the user, with its
 * graph and storyboard under fresh ids, all in one transaction.
 */
export async function createMovieFromSource(
  db: Database,
  userId: string,
  sourceId: string,
): Promise<MovieRow> {
  const source = await requireReadableMovie(db, sourceId, userId);
  return db.transaction(async (tx) => {
    const [movie] = await tx
      .insert(movies)
      .values({
        title: source.templateKey ? UNTITLED_MOVIE : `${source.title} (copy)`,
        displayImage: source.displayImage,
        currentNodeColor: source.currentNodeColor,
        stillDuration: source.stillDuration,
      })
      .returning();
    await tx.insert(movieMembers).values({ movieId: movie!.id, userId });
    const nodeIds = await copyMovieContent(tx, source.id, movie!.id);
    const [withInputs] = await tx
      .update(movies)
      .set({ inputs: remapInputs(source.inputs, nodeIds) })
      .where(eq(movies.id, movie!.id))
      .returning();
    return withInputs!;
  });
}

export async function updateMovie(
  db: Database,
  userId: string,
  movieId: string,
  changes: {
    title?: string;
    inputs?: MovieInput[];
    current_node_color?: string | null;
    share_takes_with_community?: boolean;
    still_duration?: number;
  },
): Promise<MovieRow> {
  await requireMovieMember(db, movieId, userId);
  return db.transaction(async (tx) => {
    const [movie] = await tx
      .update(movies)
      .set({
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.inputs !== undefined && { inputs: changes.inputs }),
        ...(changes.current_node_color !== undefined && { currentNodeColor: changes.current_node_color }),
        ...(changes.share_takes_with_community !== undefined && {
          shareTakesWithCommunity: changes.share_takes_with_community,
        }),
        ...(changes.still_duration !== undefined && { stillDuration: changes.still_duration }),
        updatedAt: sql`now()`,
      })
      .where(eq(movies.id, movieId))
      .returning();
    if (changes.inputs) await applyMovieInputs(tx, movieId, changes.inputs);
    return movie!;
  });
}

/**
 * Removes the movie from the user's list; the movie itself goes when its last member leaves.
 * Returns the id of the deleted movie (for its stored files), or null when other members keep it.
 */
export async function removeMovieForUser(
  db: Database,
  userId: string,
  movieId: string,
): Promise<string | null> {
  await requireMovieMember(db, movieId, userId);
  return db.transaction(async (tx) => {
    await tx
      .delete(movieMembers)
      .where(and(eq(movieMembers.movieId, movieId), eq(movieMembers.userId, userId)));
    const remaining = await tx
      .select({ userId: movieMembers.userId })
      .from(movieMembers)
      .where(eq(movieMembers.movieId, movieId))
      .limit(1);
    if (remaining.length > 0) return null;
    await tx.delete(movies).where(eq(movies.id, movieId));
    return movieId;
  });
}
