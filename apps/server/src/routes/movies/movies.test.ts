import type { Movie } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { movieShares } from '../../db/schema';
import { SHARE_LINK_GONE } from '../../services/movies/sharing';
import { hashToken } from '../../services/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedInUser } from '../../test/sign-in';

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
});
afterAll(async () => t.close());

function call(user: SignedInUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: user ? { cookie: user.cookie } : {},
  });
}

async function templates(user: SignedInUser): Promise<{ _id: string; title: string }[]> {
  return (await call(user, 'GET', '/movies/templates')).json();
}

async function newMovie(user: SignedInUser): Promise<Movie> {
  const response = await call(user, 'POST', `/movies?user_id=${user.userId}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('templates', () => {
  it('lists the two template movies, text-to-video first', async () => {
    const list = await templates(ann);
    expect(list.map((m) => m.title)).toEqual(['Text to Video Example', 'Lip Sync Example']);
  });

  it('creates a new movie as a copy of the text-to-video template with its movie-level inputs', async () => {
    const [textToVideo] = await templates(ann);
    const response = await call(
      ann,
      'POST',
      `/movies/insert_with_editor_state/user/${ann.userId}/source_movie/${textToVideo!._id}`,
    );
    expect(response.statusCode).toBe(200);
    const movie: Movie = response.json();
    expect(movie._id).not.toBe(textToVideo!._id);
    expect(movie.title).toBe('Untitled Movie');
    expect(movie.inputs.map((i) => i.name)).toEqual(['Style', 'Resolution']);
    const list: Movie[] = (await call(ann, 'GET', `/movies/user/${ann.userId}`)).json();
    expect(list.map((m) => m._id)).toContain(movie._id);
    expect(list.map((m) => m._id)).not.toContain(textToVideo!._id);
  });

  it('refuses to change a template', async () => {
    const [textToVideo] = await templates(ann);
    const response = await call(ann, 'POST', `/movies/update/${textToVideo!._id}`, { title: 'Mine now' });
    expect(response.statusCode).toBe(403);
  });
});

describe('movies of a user', () => {
  it('creates a blank movie, lists it newest first, reads and renames it', async () => {
    const first = await newMovie(ann);
    const second = await newMovie(ann);
    const list: Movie[] = (await call(ann, 'GET', `/movies/user/${ann.userId}`)).json();
    expect(list.findIndex((m) => m._id === second._id)).toBeLessThan(
      list.findIndex((m) => m._id === first._id),
    );

    const renamed = await call(ann, 'POST', `/movies/update/${first._id}`, { title: '  The Long Night  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('The Long Night');
    expect(Date.parse(renamed.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(first.updated_at));

    const read = await call(ann, 'GET', `/movies/${first._id}`);
    expect(read.json()).toMatchObject({ _id: first._id, title: 'The Long Night', display_image: null });
    const image = await call(ann, 'GET', `/utils/latest_display_image/movie/${first._id}`);
    expect(image.json()).toEqual({ display_image: null });
  });

  it('saves the editor movieData (inputs and accent colour)', async () => {
    const movie = await newMovie(ann);
    const inputs = [{ node_id: 'n1', type: 'text', name: 'Style', value: 'noir' }];
    const response = await call(ann, 'POST', `/movies/update/${movie._id}`, {
      movieData: { inputs, current_node_color: '#ff8800' },
    });
    expect(response.json()).toMatchObject({ inputs, current_node_color: '#ff8800', title: movie.title });
  });

  it('refuses an empty title with a detail and keeps the old one', async () => {
    const movie = await newMovie(ann);
    const response = await call(ann, 'POST', `/movies/update/${movie._id}`, { title: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/Title cannot be empty/);
    expect((await call(ann, 'GET', `/movies/${movie._id}`)).json().title).toBe(movie.title);
  });

  it('answers 404 for a movie that does not exist and 400 for a malformed id', async () => {
    expect((await call(ann, 'GET', '/movies/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await call(ann, 'GET', '/movies/nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBeTruthy();
  });

  it('deletes a movie for its only member', async () => {
    const movie = await newMovie(ann);
    const response = await call(ann, 'DELETE', `/movies/user/${ann.userId}/movie/${movie._id}`);
    expect(response.statusCode).toBe(200);
    expect((await call(ann, 'GET', `/movies/${movie._id}`)).statusCode).toBe(404);
  });
});

describe('sharing', () => {
  it('shares a movie: the second user accepts, both see and edit it, and it survives one leaving', async () => {
    const movie = await newMovie(ann);
    const shared = await call(ann, 'POST', `/share_movie/${movie._id}`);
    expect(shared.statusCode).toBe(200);
    const shareUrl: string = shared.json().share_url;
    expect(shareUrl).toMatch(/^http:\/\/localhost:3000\/share\/[A-Za-z0-9_-]{43}$/);
    const token = shareUrl.split('/').at(-1)!;

    const accepted = await call(bob, 'POST', `/add_shared_movie/${token}/user/${bob.userId}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ movie_id: movie._id });
    const again = await call(bob, 'POST', `/add_shared_movie/${token}/user/${bob.userId}`);
    expect(again.statusCode).toBe(409);

    await call(bob, 'POST', `/movies/update/${movie._id}`, { title: 'Our Film' });
    expect((await call(ann, 'GET', `/movies/${movie._id}`)).json().title).toBe('Our Film');

    await call(ann, 'DELETE', `/movies/user/${ann.userId}/movie/${movie._id}`);
    expect((await call(ann, 'GET', `/movies/${movie._id}`)).statusCode).toBe(403);
    expect((await call(bob, 'GET', `/movies/${movie._id}`)).statusCode).toBe(200);
  });

  it('makes links that expire after a week and that a member can revoke', async () => {
    const movie = await newMovie(ann);
    const share = async () => {
      const response = await call(ann, 'POST', `/share_movie/${movie._id}`);
      const body = response.json<{ share_url: string; expires_at: string }>();
      return { token: body.share_url.split('/').at(-1)!, expiresAt: new Date(body.expires_at) };
    };
    const accept = (token: string, user = bob) =>
      call(user, 'POST', `/add_shared_movie/${token}/user/${user.userId}`);

    const expiring = await share();
    expect(expiring.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    await t.db
      .update(movieShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(movieShares.tokenHash, hashToken(expiring.token)));
    const expired = await accept(expiring.token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().detail).toBe(SHARE_LINK_GONE);

    const revokedLink = await share();
    const revoke = await call(ann, 'POST', `/share_movie/${movie._id}/revoke`);
    expect(revoke.json()).toEqual({ message: 'Share links revoked', revoked: 2 });
    expect((await accept(revokedLink.token)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/share_movie/${movie._id}/revoke`)).statusCode).toBe(403);

    const fresh = await share();
    expect((await accept(fresh.token)).statusCode).toBe(200);
  });

  it('refuses an unknown share token with a 404', async () => {
    const response = await call(bob, 'POST', `/add_shared_movie/unknown-token/user/${bob.userId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBeTruthy();
  });
});

describe('access control on every movies route', () => {
  let annMovie: Movie;
  let shareToken: string;
  beforeAll(async () => {
    annMovie = await newMovie(ann);
    shareToken = (await call(ann, 'POST', `/share_movie/${annMovie._id}`)).json().share_url.split('/').at(-1);
  });

  const routes = (): [string, 'GET' | 'POST' | 'DELETE', string][] => [
    ['list', 'GET', `/movies/user/${ann.userId}`],
    ['templates', 'GET', '/movies/templates'],
    ['read', 'GET', `/movies/${annMovie._id}`],
    ['display image', 'GET', `/utils/latest_display_image/movie/${annMovie._id}`],
    ['copy', 'POST', `/movies/insert_with_editor_state/user/${ann.userId}/source_movie/${annMovie._id}`],
    ['create', 'POST', `/movies?user_id=${ann.userId}`],
    ['update', 'POST', `/movies/update/${annMovie._id}`],
    ['delete', 'DELETE', `/movies/user/${ann.userId}/movie/${annMovie._id}`],
    ['share', 'POST', `/share_movie/${annMovie._id}`],
    ['accept share', 'POST', `/add_shared_movie/${shareToken}/user/${ann.userId}`],
    ['user', 'GET', `/user/${ann.userId}`],
  ];

  it('requires a session on every route (401)', async () => {
    for (const [name, method, url] of routes()) {
      const response = await call(null, method, url, method === 'POST' ? { title: 'x' } : undefined);
      expect(response.statusCode, name).toBe(401);
      expect(response.json().detail, name).toBeTruthy();
    }
  });

  it("refuses another user's id or movie with 403 on every route", async () => {
    for (const [name, method, url] of routes()) {
      if (name === 'templates') continue;
      const response = await call(bob, method, url, method === 'POST' ? { title: 'x' } : undefined);
      expect(response.statusCode, name).toBe(403);
      expect(response.json().detail, name).toBeTruthy();
    }
    const read = await call(ann, 'GET', `/movies/${annMovie._id}`);
    expect(read.json().title).toBe(annMovie.title);
  });

  it("refuses to copy another user's movie into one's own account with 403", async () => {
    const response = await call(
      bob,
      'POST',
      `/movies/insert_with_editor_state/user/${bob.userId}/source_movie/${annMovie._id}`,
    );
    expect(response.statusCode).toBe(403);
  });
});
