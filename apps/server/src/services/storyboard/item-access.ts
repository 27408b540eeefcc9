import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { requireMovieMember } from '../movies/access';

/**
 * The item when the user is a member of its movie: 404 when it does not exist, 403 for another user's
 * movie. With `movieId` (from the query) the user must be a member of that movie and the item must
 * belong to it (404 otherwise).
 */
export async function authorizeItem<R extends { movieId: string }>(
  db: Database,
  row: R | undefined,
  label: string,
  userId: string,
  movieId?: string,
): Promise<R> {
  if (movieId !== undefined) {
    await requireMovieMember(db, movieId, userId);
    if (!row || row.movieId !== movieId) throw notFound(`${label} not found in this movie`);
    return row;
  }
  if (!row) throw notFound(`${label} not found`);
  await requireMovieMember(db, row.movieId, userId);
  return row;
}
