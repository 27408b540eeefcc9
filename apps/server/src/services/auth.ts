import { MAGIC_LINK_TTL_MINUTES } from '@cinegraph/contracts';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { magicLinks, sessions, users } from '../db/schema';
import { badRequest, tooManyRequests } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { magicLinkMessage } from '../mail/magic-link-message';
import { hashToken, newToken } from './tokens';

export interface SignInLimits {
  perEmail: number;
  perAddress: number;
  windowMinutes: number;
  /** Sign-in link verifications per address in the window (default 30): guessing links is bounded. */
  verifiesPerAddress?: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perEmail: 5, perAddress: 20, windowMinutes: 15 };
export const DEFAULT_VERIFIES_PER_ADDRESS = 30;

const INVALID_LINK = 'This sign-in link is invalid or has expired. Please request a new one.';

/** Sends a sign-in link; limited per email and per requesting address, counted in the database. */
export async function requestMagicLink(
  db: Database,
  mailer: Mailer,
  input: { email: string; ip: string; publicUrl: string; limits: SignInLimits },
): Promise<void> {
  const since = sql`now() - make_interval(mins => ${input.limits.windowMinutes})`;
  const [byEmail] = await db
    .select({ n: count() })
    .from(magicLinks)
    .where(and(eq(magicLinks.email, input.email), gt(magicLinks.createdAt, since)));
  const [byAddress] = await db
    .select({ n: count() })
    .from(magicLinks)
    .where(and(eq(magicLinks.requestedIp, input.ip), gt(magicLinks.createdAt, since)));
  if ((byEmail?.n ?? 0) >= input.limits.perEmail || (byAddress?.n ?? 0) >= input.limits.perAddress) {
    throw tooManyRequests('Too many sign-in links requested. Please wait a few minutes and try again.');
  }

  const token = newToken();
  const [link] = await db
    .insert(magicLinks)
    .values({
      email: input.email,
      tokenHash: hashToken(token),
      requestedIp: input.ip,
      expiresAt: sql`now() + make_interval(mins => ${MAGIC_LINK_TTL_MINUTES})`,
    })
    .returning({ id: magicLinks.id });
  const url = `${input.publicUrl}/?token=${encodeURIComponent(token)}`;
  try {
    await mailer.send(magicLinkMessage(input.email, url));
  } catch (error) {
    // An unsent link must not count against the user's limit.
    if (link) await db.delete(magicLinks).where(eq(magicLinks.id, link.id));
    throw error;
  }
}

/**
 * Uses a sign-in link once: the update that marks it used is also the check, so two requests with one
 * token cannot both succeed. Creates the user on first sign-in and opens a session.
 */
export async function verifyMagicLink(
  db: Database,
  input: { token: string; sessionDays: number },
): Promise<{ userId: string; sessionToken: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(magicLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(magicLinks.tokenHash, hashToken(input.token)),
          isNull(magicLinks.usedAt),
          gt(magicLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ email: magicLinks.email });
    if (!link) throw badRequest(INVALID_LINK);

    await tx.insert(users).values({ email: link.email }).onConflictDoNothing({ target: users.email });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, link.email));
    if (!user) throw badRequest(INVALID_LINK);

    const sessionToken = newToken();
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        tokenHash: hashToken(sessionToken),
        expiresAt: sql`now() + make_interval(days => ${input.sessionDays})`,
      })
      .returning({ expiresAt: sessions.expiresAt });
    return { userId: user.id, sessionToken, expiresAt: session!.expiresAt };
  });
}

/** The user of a live session token, or null. */
export async function findSessionUser(db: Database, sessionToken: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(sessionToken)), gt(sessions.expiresAt, sql`now()`)));
  return row?.userId ?? null;
}

export async function endSession(db: Database, sessionToken: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(sessionToken)));
}
