import path from 'node:path';
import { readOutbox } from '../mail/outbox';
import type { TestApp } from './test-app';

/** The token of the newest sign-in link mailed to `email` (read from the outbox, as a user would). */
export async function latestMagicToken(t: TestApp, email: string): Promise<string> {
  const messages = await readOutbox(path.join(t.dataDir, 'outbox'));
  const message = messages.filter((m) => m.to === email).at(-1);
  const match = message?.text.match(/[?&]token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`No sign-in link mailed to ${email}`);
  return match[1];
}

export interface SignedInUser {
  userId: string;
  /** The Cookie header that carries the session. */
  cookie: string;
}

/** Signs a user in through the real API: request a link, read it from the outbox, verify it. */
export async function signIn(t: TestApp, email: string): Promise<SignedInUser> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/v1/magic-link', payload: { email } });
  if (sent.statusCode !== 200) throw new Error(`magic-link failed: ${sent.body}`);
  const token = await latestMagicToken(t, email);
  const verified = await t.app.inject({ method: 'GET', url: `/api/v1/verify?token=${token}` });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const session = verified.cookies.find((c) => c.name === 'cinegraph_session');
  if (!session) throw new Error('verify set no session cookie');
  return {
    userId: verified.json<{ user_id: string }>().user_id,
    cookie: `cinegraph_session=${session.value}`,
  };
}
