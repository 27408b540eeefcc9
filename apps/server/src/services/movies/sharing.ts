import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movieMembers, movieShares } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { hashToken, newToken } from '../tokens';
import { requireMovieMember } from './access';

/** Makes a share link for a movie the user is a member of. Anyone signed in with the link may join. */
export async function createShareLink(
  db: Database,
  input: { userId: string; movieId: string; publicUrl: string },
): Promise<string> {
  await requireMovieMember(db, input.movieId, input.userId);
  const token = newToken();
  await db
    .insert(movieShares)
    .values({ movieId: input.movieId, tokenHash: hashToken(token), createdBy: input.userId });
  return `${input.publicUrl}/share/${token}`;
}

/** Adds the shared movie to the user; both then edit the same movie. */
export async function acceptShareLink(
  db: Database,
  input: { userId: string; token: string },
): Promise<string> {
  const [share] = await db
    .select({ movieId: movieShares.movieId })
    .from(movieShares)
    .where(eq(movieShares.tokenHash, hashToken(input.token)));
  if (!share) throw notFound('This share link is invalid or the movie no longer exists.');
  const added = await db
    .insert(movieMembers)
    .values({ movieId: share.movieId, userId: input.userId })
    .onConflictDoNothing()
    .returning({ movieId: movieMembers.movieId });
  if (added.length === 0) throw conflict('You already have this movie.');
  return share.movieId;
}
