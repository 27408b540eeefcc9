import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let user: SignedInUser;
let movieId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t, 'input@example.com');
  const movie = await t.app.inject({
    method: 'POST',
    url: `/api/v1/movies?user_id=${user.userId}&title=Input`,
    headers: { cookie: user.cookie },
  });
  movieId = movie.json<{ _id: string }>()._id;
});
afterAll(() => t.close());

const update = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/movies/update/${movieId}`,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    payload,
  });

describe('bad input is the caller’s error (400 with a detail), never a 500', () => {
  it('refuses a NUL character in a text field', async () => {
    const response = await update(JSON.stringify({ title: 'Night\u0000shift' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Text must not contain NUL characters.' });
  });

  it('refuses JSON nested 5,000 levels deep', async () => {
    const response = await update(`{"title":"x","inputs":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'The JSON is nested deeper than 64 levels.' });
  });

  it('refuses a control character in a stored file key', async () => {
    const key = encodeURIComponent(`users/${user.userId}/assets/a/\u0001.png`);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/utils/file?key=${key}`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/NUL or control character/);
  });

  it('refuses a NUL character in a query text', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/utils/user_assets/${user.userId}?search=a%00b`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Text must not contain NUL characters.' });
  });
});
