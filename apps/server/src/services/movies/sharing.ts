import { SHARE_LINK_DAYS } from '@cinegraph/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movieMembers, movieShares } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { hashToken, newToken } from '../tokens';
import { requireMovieMember } from './access';

export const SHARE_LINK_GONE =
  'This share link is invalid, expired or revoked, or the movie no longer exists.';

/**
 * Makes a share link for a movie the user is a member of. Anyone signed in with the link may join
 * until it expires (SHARE_LINK_DAYS) or a member revokes the movie's links.
 */
export async function createShareLink(
  db: Database,
  input: { userId: string; movieId: string; publicUrl: string },
): Promise<{ url: string; expiresAt: Date }> {
  await requireMovieMember(db, input.movieId, input.userId);
  const token = newToken();
  const expiresAt = new Date(Date.now() + SHARE_LINK_DAYS * 24 * 3600_000);
  await db
    .insert(movieShares)
    .values({ movieId: input.movieId, tokenHash: hashToken(token), createdBy: input.userId, expiresAt });
  return { url: `${input.publicUrl}/share/${token}`, expiresAt };
}

/** Revokes every live share link of the movie; returns how many. Members who joined stay. */
export async function revokeShareLinks(db: Database, input: { userId: string; movieId: string }) {
  await requireMovieMember(db, input.movieId, input.userId);
  const revoked = await db
    .update(movieShares)
    .set({ revokedAt: new Date() })
    .where(and(eq(movieShares.movieId, input.movieId), isNull(movieShares.revokedAt)))
    .returning({ id: movieShares.id });
  return revoked.length;
}

/** Adds the shared movie to the user; both then edit the same movie. */
export async function acceptShareLink(
  db: Database,
  input: { userId: string; token: string },
): Promise<string> {
  const [share] = await db
    .select({ movieId: movieShares.movieId })
    .from(movieShares)
    .where(
      and(
        eq(movieShares.tokenHash, hashToken(input.token)),
        isNull(movieShares.revokedAt),
        gt(movieShares.expiresAt, new Date()),
      ),
    );
  if (!share) throw notFound(SHARE_LINK_GONE);
  const added = await db
    .insert(movieMembers)
    .values({ movieId: share.movieId, userId: input.userId })
    .onConflictDoNothing()
    .returning({ movieId: movieMembers.movieId });
  if (added.length === 0) throw conflict('You already have this movie.');
  return share.movieId;
}
