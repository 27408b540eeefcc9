import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movieMembers, movies, sessions } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { hashToken } from '../tokens';

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

/**
 * `requireReadableMovie` for a session token in one query: the session (401 when there is none or it
 * expired), the movie (404) and the user's membership (403 unless it is a template) read together.
 */
export async function requireReadableMovieForSession(
  db: Database,
  sessionToken: string,
  movieId: string,
): Promise<{ userId: string; movie: MovieRow }> {
  const [row] = await db
    .select({ userId: sessions.userId, movie: movies, memberId: movieMembers.userId })
    .from(sessions)
    .leftJoin(movies, eq(movies.id, movieId))
    .leftJoin(
      movieMembers,
      and(eq(movieMembers.movieId, movies.id), eq(movieMembers.userId, sessions.userId)),
    )
    .where(and(eq(sessions.tokenHash, hashToken(sessionToken)), gt(sessions.expiresAt, sql`now()`)));
  if (!row) throw unauthorized();
  if (!row.movie) throw notFound(MOVIE_NOT_FOUND);
  if (!row.movie.templateKey && !row.memberId) throw forbidden(NOT_A_MEMBER);
  return { userId: row.userId, movie: row.movie };
}
