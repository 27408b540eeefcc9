import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movieMembers } from '../db/schema';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t, 'victim@example.com');
});
afterAll(() => t.close());

/** What a page on another (sibling) site can make the browser send with the victim's cookie. */
const forged = (method: 'POST' | 'DELETE', url: string, type?: string, payload?: string) =>
  t.app.inject({
    method,
    url,
    // No studio header (the test app adds it unless told otherwise); only what a form can send.
    headers: { cookie: user.cookie, 'x-requested-with': '', ...(type && { 'content-type': type }) },
    ...(payload !== undefined && { payload }),
  });

const moviesOf = async () =>
  (await t.db.select().from(movieMembers).where(eq(movieMembers.userId, user.userId))).length;

describe('forged cross-site calls', () => {
  it('are refused whatever a form or a no-cors fetch can send: nothing, text/plain, form data', async () => {
    const create = `/api/v1/movies?user_id=${user.userId}&title=Forged`;
    for (const type of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await forged('POST', create, type, type ? 'a=b' : undefined);
      expect(response.statusCode, type).toBe(403);
      expect(response.json()).toEqual({
        detail: 'This call must come from the studio: send it as JSON or with the header X-Requested-With.',
      });
    }
    expect(await moviesOf()).toBe(0);
    const logout = await forged('POST', '/api/v1/logout', 'text/plain', '{}');
    expect(logout.statusCode).toBe(403);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: user.cookie },
    });
    expect(session.statusCode).toBe(200);
  });

  it('pass when they come from the studio: with its header, or with a JSON body', async () => {
    const create = await t.app.inject({
      method: 'POST',
      url: `/api/v1/movies?user_id=${user.userId}&title=Mine`,
      headers: { cookie: user.cookie },
    });
    expect(create.statusCode).toBe(200);
    const movieId = create.json<{ _id: string }>()._id;
    const rename = await t.app.inject({
      method: 'POST',
      url: `/api/v1/movies/update/${movieId}`,
      headers: { cookie: user.cookie, 'x-requested-with': '' },
      payload: { title: 'Renamed' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
  });
});
