import { FORUM_ERRORS, SIGN_IN_REFUSALS, type Generation } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { generationMovie, type GenerationMovie } from '../engine/engine-test-support';
import { addTake, connectedDownloadNode, STILL_PNG } from '../services/exports/exports-test-support';
import { latestMagicToken, signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 24, findings 1 and 2: what a reader's browser sends on its own when a page (a forum post's
 * image above all) points at the studio's API: a GET with the reader's cookie and without the studio's
 * header. None of them may sign the reader in to another account or change anything.
 */

let t: TestApp;
let attacker: SignedInUser;
let victim: GenerationMovie;

beforeAll(async () => {
  t = await createTestApp();
  attacker = await signIn(t, 'attacker@example.com');
  victim = await generationMovie(t, 'victim@example.com');
}, 60_000);
afterAll(() => t.close());

/** What an <img>, a link or another site's page makes the browser send: the cookie, no studio header. */
const subresource = (url: string, user: SignedInUser) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie, 'x-requested-with': '' } });
const fromStudioPage = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const sessionUser = async (cookie: string) =>
  (await fromStudioPage('/api/v1/session', cookie)).json<{ user_id?: string }>().user_id;

async function attackersSignInLink(): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/magic-link',
    payload: { email: 'attacker@example.com' },
  });
  return `/api/v1/verify?token=${await latestMagicToken(t, 'attacker@example.com')}`;
}

describe('login CSRF: a planted sign-in link', () => {
  it('cannot be a forum image: a block linking to the studio API is refused', async () => {
    const link = `http://localhost:3000${await attackersSignInLink()}`;
    for (const block of [
      { type: 'image', value: link },
      { type: 'video', value: link.replace('localhost:3000', 'localhost:4000') },
      { type: 'lora', value: { url: 'https://localhost/api/v1/generations/x/download' } },
    ]) {
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/v1/forum/post',
        headers: { cookie: attacker.cookie },
        payload: { title: 'Nice frame', user_id: attacker.userId, content_blocks: [block] },
      });
      expect(post.statusCode, post.body).toBe(400);
      expect(post.json()).toEqual({ detail: FORUM_ERRORS.studioLink });
    }
  });

  it("does not sign a reader in when the browser loads it as an image or a link: the studio's header is required", async () => {
    const link = await attackersSignInLink();
    const loaded = await subresource(link, victim.user);
    expect(loaded.statusCode).toBe(403);
    expect(loaded.json()).toEqual({ detail: SIGN_IN_REFUSALS.notFromStudio });
    expect(loaded.cookies).toHaveLength(0);
    expect(await sessionUser(victim.user.cookie)).toBe(victim.user.userId);
    // Signed out, the same browser gets no session from it either.
    const signedOut = await t.app.inject({ method: 'GET', url: link, headers: { 'x-requested-with': '' } });
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.cookies).toHaveLength(0);
  });

  it("keeps a live session of another account until the reader confirms on the studio's page", async () => {
    const link = await attackersSignInLink();
    const asked = await fromStudioPage(link, victim.user.cookie);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({ detail: SIGN_IN_REFUSALS.otherAccount });
    expect(asked.cookies).toHaveLength(0);
    expect(await sessionUser(victim.user.cookie)).toBe(victim.user.userId);

    // Confirmed, the link still works (it was not spent) and the replaced session ends.
    const confirmed = await fromStudioPage(`${link}&switch_account=true`, victim.user.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ user_id: attacker.userId });
    expect(await sessionUser(victim.user.cookie)).toBeUndefined();
    victim.user = await signIn(t, 'victim@example.com');
  });

  it('signs in as before from the studio page: signed out, or signed in with the same account', async () => {
    const link = await attackersSignInLink();
    const same = await fromStudioPage(link, attacker.cookie);
    expect(same.statusCode, same.body).toBe(200);
    const session = same.cookies.find((c) => c.name === 'cinegraph_session')!;
    expect(await sessionUser(`cinegraph_session=${session.value}`)).toBe(attacker.userId);
    // The session it replaces ends.
    expect(await sessionUser(attacker.cookie)).toBeUndefined();
    attacker = { userId: attacker.userId, cookie: `cinegraph_session=${session.value}` };
  });
});

describe('no GET changes state', () => {
  let takeId: string;
  let zip: string;
  beforeAll(async () => {
    takeId = await addTake(t, victim, {
      shotId: victim.shotIds[0]!,
      type: 'image',
      bytes: STILL_PNG,
      ext: 'png',
      useAsInput: true,
    });
    const nodeId = await connectedDownloadNode(t, victim);
    zip = `/api/v1/utils/download_generations/${nodeId}/movie/${victim.movieId}/download_downloaded/false`;
  });
  const downloaded = async () =>
    (await fromStudioPage(`/api/v1/generations/${takeId}`, victim.user.cookie)).json<Generation>().downloaded;

  it("leaves a take new when an image elsewhere loads its download (the owner's cookie, no studio header)", async () => {
    const take = await subresource(`/api/v1/generations/${takeId}/download`, victim.user);
    expect(take.statusCode).toBe(302);
    const all = await subresource(`${zip}/zip`, victim.user);
    expect(all.statusCode).toBe(200);
    expect(await downloaded()).toBe(false);
  });

  it("marks a zip's takes only through the address the studio handed its own page, bound to that session", async () => {
    const address = (await fromStudioPage(zip, victim.user.cookie)).json<{ download_url: string }>();
    const path = address.download_url.replace('http://localhost:3000', '');
    const other = await signIn(t, 'victim@example.com');
    expect((await subresource(path, other)).statusCode).toBe(200);
    expect(await downloaded()).toBe(false);
    expect((await subresource(path, victim.user)).statusCode).toBe(200);
    expect(await downloaded()).toBe(true);
  });

  it("reserves no storage for an upload asked for by an image: the studio's header is required", async () => {
    const presign = `/api/v1/utils/presigned_upload_url/user/${victim.user.userId}/file_type/video/filename/x.mp4?file_size=4000000000`;
    const response = await subresource(presign, victim.user);
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, victim.user.userId))).toHaveLength(0);
  });
});
