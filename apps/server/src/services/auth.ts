import { MAGIC_LINK_TTL_MINUTES, SIGN_IN_REFUSALS } from '@cinegraph/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { magicLinks, sessions, users } from '../db/schema';
import { returnAttempt, takeAttempt } from './attempt-counts';
import { badRequest, conflict, tooManyRequests } from '../http/errors';
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
  const { windowMinutes } = input.limits;
  // Both allowances are taken in one transaction: a request refused for its email gives the address back.
  await db.transaction(async (tx) => {
    const allowed =
      (await takeAttempt(tx, {
        scope: 'sign-in-link:address',
        key: input.ip,
        limit: input.limits.perAddress,
        windowMinutes,
      })) &&
      (await takeAttempt(tx, {
        scope: 'sign-in-link:email',
        key: input.email,
        limit: input.limits.perEmail,
        windowMinutes,
      }));
    if (!allowed) {
      throw tooManyRequests('Too many sign-in links requested. Please wait a few minutes and try again.');
    }
  });

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
    await returnAttempt(db, 'sign-in-link:address', input.ip);
    await returnAttempt(db, 'sign-in-link:email', input.email);
    throw error;
  }
}

/** Counts an attempt to open a sign-in link from `ip`; a 429 over the limit bounds guessing links. */
export async function takeVerifyAttempt(db: Database, ip: string, limits: SignInLimits): Promise<void> {
  const allowed = await takeAttempt(db, {
    scope: 'verify:address',
    key: ip,
    limit: limits.verifiesPerAddress ?? DEFAULT_VERIFIES_PER_ADDRESS,
    windowMinutes: limits.windowMinutes,
  });
  if (!allowed) throw tooManyRequests('Too many sign-in attempts. Please wait a few minutes and try again.');
}

/** The browser's live session when it opens a sign-in link, if any. */
export interface LiveSession {
  userId: string;
  sessionToken: string;
}

/**
 * Uses a sign-in link once: the update that marks it used is also the check, so two requests with one
 * token cannot both succeed. Creates the user on first sign-in and opens a session. A browser signed in
 * with another account keeps it (409, the link unused) unless the visitor confirmed the switch, so a
 * link someone else planted cannot quietly move the victim's next work into the planter's account; the
 * replaced session ends.
 */
export async function verifyMagicLink(
  db: Database,
  input: { token: string; sessionDays: number; live: LiveSession | null; switchAccount: boolean },
): Promise<{ userId: string; sessionToken: string; expiresAt: Date }> {
  const tokenHash = hashToken(input.token);
  const usable = and(
    eq(magicLinks.tokenHash, tokenHash),
    isNull(magicLinks.usedAt),
    gt(magicLinks.expiresAt, sql`now()`),
  );
  return db.transaction(async (tx) => {
    if (input.live && !input.switchAccount) {
      const [owner] = await tx
        .select({ userId: users.id })
        .from(magicLinks)
        .leftJoin(users, eq(users.email, magicLinks.email))
        .where(usable);
      if (owner && owner.userId !== input.live.userId) throw conflict(SIGN_IN_REFUSALS.otherAccount);
    }
    const [link] = await tx
      .update(magicLinks)
      .set({ usedAt: sql`now()` })
      .where(usable)
      .returning({ email: magicLinks.email });
    if (!link) throw badRequest(INVALID_LINK);

    await tx.insert(users).values({ email: link.email }).onConflictDoNothing({ target: users.email });
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, link.email));
    if (!user) throw badRequest(INVALID_LINK);
    if (input.live) {
      await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(input.live.sessionToken)));
    }

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
