import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movieMembers, movies } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';

export type MovieRow = typeof movies.$inferSelect;

export const MOVIE_NOT_FOUND = 'Movie not found';
const NOT_A_MEMBER = 'You do not have access to this movie.';

/** The movie, when the user is one of its members (404 when it does not exist, 403 otherwise). */
export async function requireMovieMember(db: Database, movieId: string, userId: string): Promise<MovieRow> {
  const [row] = await db
    .select({ movie: movies, memberId: movieMembers.userId })
    .from(movies)
    .leftJoin(movieMembers, and(eq(movieMembers.movieId, movies.id), eq(movieMembers.userId, userId)))
    .where(eq(movies.id, movieId));
  if (!row) throw notFound(MOVIE_NOT_FOUND);
  if (!row.memberId) throw forbidden(NOT_A_MEMBER);
  return row.movie;
}

/** A movie the user may read: one of theirs, or a template that ships with the product. */
export async function requireReadableMovie(db: Database, movieId: string, userId: string): Promise<MovieRow> {
  const [movie] = await db.select().from(movies).where(eq(movies.id, movieId));
  if (!movie) throw notFound(MOVIE_NOT_FOUND);
  if (movie.templateKey) return movie;
  return requireMovieMember(db, movieId, userId);
}
