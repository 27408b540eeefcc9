import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCounts, magicLinks, sessions } from '../../db/schema';
import type { SignInLimits } from '../../services/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { latestMagicToken, signIn } from '../../test/sign-in';

// One app for the file: every test signs in with its own email.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const requestLink = (email: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/magic-link', payload: { email } });
const verify = (token: string) => t.app.inject({ method: 'GET', url: `/api/v1/verify?token=${token}` });

describe('sign-in with a magic link', () => {
  it('mails a link to /?token= and signs in with it, creating the user on first use', async () => {
    const sent = await requestLink('  Ada@Example.com ');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBeTruthy();

    const token = await latestMagicToken(t, 'ada@example.com');
    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    const userId = verified.json().user_id;
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);

    const cookie = verified.cookies.find((c) => c.name === 'cinegraph_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const me = await t.app.inject({
      url: '/api/v1/session',
      headers: { cookie: `cinegraph_session=${cookie!.value}` },
    });
    expect(me.json()).toEqual({ user_id: userId });
  });

  it('signs the same email into the same user every time', async () => {
    const first = await signIn(t, 'ben@example.com');
    const second = await signIn(t, 'BEN@example.com'.toLowerCase());
    expect(second.userId).toBe(first.userId);
  });

  it('keeps only a hash of the token', async () => {
    await requestLink('cy@example.com');
    const token = await latestMagicToken(t, 'cy@example.com');
    const rows = await t.db
      .select({ hash: magicLinks.tokenHash })
      .from(magicLinks)
      .where(eq(magicLinks.email, 'cy@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).not.toContain(token);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a link used a second time', async () => {
    await requestLink('dee@example.com');
    const token = await latestMagicToken(t, 'dee@example.com');
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid or has expired/);
  });

  it('refuses an expired link', async () => {
    await requestLink('eve@example.com');
    const token = await latestMagicToken(t, 'eve@example.com');
    await t.db
      .update(magicLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(magicLinks.email, 'eve@example.com'));
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.cookies).toHaveLength(0);
  });

  it('gives links 15 minutes', async () => {
    await requestLink('fay@example.com');
    const [row] = await t.db
      .select({
        minutes: sql<number>`extract(epoch from ${magicLinks.expiresAt} - ${magicLinks.createdAt}) / 60`,
      })
      .from(magicLinks)
      .where(eq(magicLinks.email, 'fay@example.com'));
    expect(Number(row!.minutes)).toBeCloseTo(15, 1);
  });

  it('refuses a wrong token and a missing one with a detail', async () => {
    await requestLink('gus@example.com');
    const wrong = await verify('not-a-real-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: expect.stringMatching(/invalid or has expired/) });
    const missing = await t.app.inject({ url: '/api/v1/verify' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBeTruthy();
  });

  it('refuses an empty or malformed email with a detail', async () => {
    const empty = await requestLink('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/Email cannot be empty/);
    const malformed = await requestLink('not-an-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/valid email/);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/magic-link',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBeTruthy();
  });

  it('ends the session on the server at Log Out', async () => {
    const user = await signIn(t, 'hal@example.com');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(0);
    const after = await t.app.inject({
      url: `/api/v1/movies/user/${user.userId}`,
      headers: { cookie: user.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const user = await signIn(t, 'ivy@example.com');
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.userId));
    const response = await t.app.inject({ url: '/api/v1/session', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBeTruthy();
  });
});

describe('sign-in rate limits', () => {
  const withLimits = async (limits: SignInLimits, run: () => Promise<void>) => {
    const shared = t;
    t = await createTestApp({ signInLimits: limits });
    try {
      await run();
    } finally {
      await t.close();
      t = shared;
    }
  };

  it('limits links per email and per address with a 429', async () => {
    await withLimits({ perEmail: 2, perAddress: 3, windowMinutes: 15 }, async () => {
      expect((await requestLink('jo@example.com')).statusCode).toBe(200);
      expect((await requestLink('jo@example.com')).statusCode).toBe(200);
      const limited = await requestLink('jo@example.com');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toMatch(/Too many/);

      expect((await requestLink('kim@example.com')).statusCode).toBe(200);
      const byAddress = await requestLink('lee@example.com');
      expect(byAddress.statusCode).toBe(429);
    });
  });

  it('limits sign-in link verifications per address with a 429', async () => {
    await withLimits(
      { perEmail: 100, perAddress: 100, windowMinutes: 15, verifiesPerAddress: 3 },
      async () => {
        for (let i = 0; i < 3; i++) {
          const guess = await t.app.inject({ method: 'GET', url: `/api/v1/verify?token=${'a'.repeat(43)}` });
          expect(guess.statusCode).toBe(400);
        }
        const limited = await t.app.inject({ method: 'GET', url: `/api/v1/verify?token=${'b'.repeat(43)}` });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({
          detail: 'Too many sign-in attempts. Please wait a few minutes and try again.',
        });
      },
    );
  });

  it('counts only requests inside the window', async () => {
    await withLimits({ perEmail: 1, perAddress: 100, windowMinutes: 15 }, async () => {
      expect((await requestLink('max@example.com')).statusCode).toBe(200);
      expect((await requestLink('max@example.com')).statusCode).toBe(429);
      await t.db.update(attemptCounts).set({ windowEndsAt: sql`now() - interval '1 second'` });
      expect((await requestLink('max@example.com')).statusCode).toBe(200);
    });
  });
});

describe('sign-in rate limits across studio processes', () => {
  const limits: SignInLimits = { perEmail: 100, perAddress: 3, windowMinutes: 15, verifiesPerAddress: 3 };
  const guess = (app: TestApp) =>
    app.app.inject({ method: 'GET', url: `/api/v1/verify?token=${'c'.repeat(43)}` });
  const ask = (app: TestApp, email: string) =>
    app.app.inject({ method: 'POST', url: '/api/v1/magic-link', payload: { email } });

  it('shares one allowance between two apps over one database, and keeps it across a restart', async () => {
    const first = await createTestApp({ signInLimits: limits });
    const second = await createTestApp({ signInLimits: limits, sharedDatabase: first.database });
    try {
      expect((await guess(first)).statusCode).toBe(400);
      expect((await guess(second)).statusCode).toBe(400);
      expect((await guess(first)).statusCode).toBe(400);
      expect((await guess(second)).statusCode).toBe(429);
      expect((await guess(first)).statusCode).toBe(429);

      expect((await ask(second, 'nia@example.com')).statusCode).toBe(200);
      expect((await ask(first, 'ola@example.com')).statusCode).toBe(200);
      expect((await ask(second, 'pia@example.com')).statusCode).toBe(200);
      const refused = await ask(first, 'quin@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/Too many sign-in links/);

      // A restarted process (a new app on the same database) still refuses.
      await second.close();
      const restarted = await createTestApp({ signInLimits: limits, sharedDatabase: first.database });
      try {
        expect((await guess(restarted)).statusCode).toBe(429);
        expect((await ask(restarted, 'rae@example.com')).statusCode).toBe(429);
      } finally {
        await restarted.close();
      }
    } finally {
      await second.close().catch(() => undefined);
      await first.close();
    }
  });
});
