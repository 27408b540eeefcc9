import type { Description } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storyboardClient, titles, type StoryboardClient } from './storyboard-test-client';

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;
let api: StoryboardClient;

beforeAll(async () => {
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
});
afterAll(async () => t.close());

type Call = ['GET' | 'POST' | 'DELETE', string, object?];

/** Ann's starter movie and every storyboard call on it, with a body where one is needed. */
async function annsMovieCalls() {
  const movie = await api.starterMovie(ann);
  const [scene] = await api.scenes(ann, movie._id);
  const [shot] = await api.shots(ann, scene!._id);
  const [character] = await api.characters(ann, movie._id);
  const [description] = await api.ok<Description[]>(ann, 'GET', `/cinegraph_descriptions/movie/${movie._id}`);
  const [m, s, h, c, d] = [movie._id, scene!._id, shot!._id, character!._id, description!.id];
  const calls: Call[] = [
    ['GET', `/scenes/movie/${m}`],
    ['GET', `/scenes/${s}`],
    ['POST', `/scenes?movie_id=${m}`],
    ['POST', `/scenes/update/${s}`, { title: 'Taken' }],
    ['POST', `/scenes/copy/${s}`],
    ['DELETE', `/scenes/${s}`],
    ['GET', `/scenes/with_new_output/${m}`],
    ['GET', `/scenes/${s}/generation_stats`],
    ['POST', '/scenes/generate_shots', { movie_id: m, scene_description: 'Mara runs.' }],
    ['GET', `/shots/scene/${s}`],
    ['GET', `/shots/${h}`],
    ['POST', `/shots?scene_id=${s}&movie_id=${m}`],
    ['POST', `/shots/update/${h}`, { description: 'Taken' }],
    ['POST', `/shots/copy/${h}`],
    ['DELETE', `/shots/${h}`],
    ['GET', `/shots/with_new_output/${s}`],
    ['GET', `/shots/${h}/generation_stats`],
    ['GET', `/characters/movie/${m}`],
    ['POST', `/characters?movie_id=${m}`],
    ['POST', `/characters/update/${c}`, { name: 'Taken' }],
    ['POST', `/characters/copy/${c}`],
    ['DELETE', `/characters/${c}`],
    ['GET', `/utils/latest_display_image/scene/${s}?movie_id=${m}`],
    ['GET', `/utils/latest_display_image/shot/${h}`],
    ['GET', `/utils/latest_display_image/character/${c}?movie_id=${m}`],
    ['GET', `/utils/latest_display_images/scene/${m}`],
    ['GET', `/utils/latest_display_images/shot/${s}`],
    ['GET', `/utils/latest_display_images/character/${m}`],
    ['GET', `/cinegraph_descriptions/movie/${m}`],
    ['POST', `/cinegraph_descriptions/update-text/${d}`, { description: 'Taken' }],
    ['DELETE', `/cinegraph_descriptions/${d}`],
  ];
  return { movie, scene: scene!, calls };
}

describe('storyboard access', () => {
  it("refuses every storyboard call on another user's movie with 403 and changes nothing", async () => {
    const { movie, scene, calls } = await annsMovieCalls();
    const before = {
      scenes: await api.scenes(ann, movie._id),
      shots: await api.shots(ann, scene._id),
      characters: await api.characters(ann, movie._id),
      descriptions: await api.ok(ann, 'GET', `/cinegraph_descriptions/movie/${movie._id}`),
    };
    for (const [method, url, body] of calls) {
      const response = await api.call(bob, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail, `${method} ${url}`).toBeTruthy();
    }
    expect({
      scenes: await api.scenes(ann, movie._id),
      shots: await api.shots(ann, scene._id),
      characters: await api.characters(ann, movie._id),
      descriptions: await api.ok(ann, 'GET', `/cinegraph_descriptions/movie/${movie._id}`),
    }).toEqual(before);
  });

  it('refuses every storyboard call without a session with 401', async () => {
    const { calls } = await annsMovieCalls();
    for (const [method, url, body] of calls) {
      expect((await api.call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 when Ann's scene is named with Bob's own movie, and 403 with Ann's movie", async () => {
    const { scene } = await annsMovieCalls();
    const bobs = await api.newMovie(bob);
    const viaBob = await api.call(bob, 'POST', `/scenes/copy/${scene._id}?movie_id=${bobs._id}`);
    expect(viaBob.statusCode).toBe(404);
    expect(viaBob.json().detail).toBe('Scene not found in this movie');
    const viaAnn = await api.call(bob, 'POST', `/shots?scene_id=${scene._id}&movie_id=${scene.movie_id}`);
    expect(viaAnn.statusCode).toBe(403);
  });

  it('answers 404 with a detail for items that do not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls: Call[] = [
      ['GET', `/scenes/movie/${missing}`],
      ['GET', `/scenes/${missing}`],
      ['POST', `/scenes?movie_id=${missing}`],
      ['POST', `/scenes/update/${missing}`, {}],
      ['DELETE', `/shots/${missing}`],
      ['POST', `/characters/copy/${missing}`],
      ['GET', `/shots/${missing}/generation_stats`],
      ['GET', `/utils/latest_display_image/character/${missing}`],
      ['GET', `/utils/latest_display_images/shot/${missing}`],
      ['GET', `/utils/latest_display_images/scene/${missing}`],
      ['POST', `/cinegraph_descriptions/update-text/${missing}`, { description: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await api.call(ann, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().detail, `${method} ${url}`).toMatch(/not found/i);
    }
  });

  it('refuses malformed ids and bodies with 400 and a detail naming the problem', async () => {
    const { scene } = await annsMovieCalls();
    const cases: [...Call, RegExp][] = [
      ['GET', '/scenes/movie/not-a-uuid', undefined, /Invalid id/],
      ['POST', '/scenes', undefined, /movie_id/],
      ['POST', `/shots?scene_id=${scene._id}`, undefined, /movie_id/],
      ['POST', `/scenes?movie_id=${scene.movie_id}`, { index: -1 }, /index/],
      ['POST', `/scenes/update/${scene._id}`, { hidden: 'yes' }, /hidden/],
      ['POST', `/scenes/update/${scene._id}`, { index: 1.5 }, /index/],
      ['POST', `/scenes/update/${scene._id}`, { inputs: [{ name: 'no node id' }] }, /inputs/],
      ['POST', `/scenes/update/${scene._id}`, { title: 'x'.repeat(501) }, /title/],
      ['DELETE', '/characters/42', undefined, /Invalid id/],
      ['POST', '/cinegraph_descriptions/update-text/00000000-0000-4000-8000-000000000000', {}, /description/],
    ];
    for (const [method, url, body, detail] of cases) {
      const response = await api.call(ann, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().detail, `${method} ${url}`).toMatch(detail);
    }
    expect(titles(await api.scenes(ann, scene.movie_id))).toEqual([scene.title]);
  });

  it('lets a member who joined through a share link edit the storyboard', async () => {
    const { movie } = await annsMovieCalls();
    const { share_url } = await api.ok<{ share_url: string }>(ann, 'POST', `/share_movie/${movie._id}`);
    const token = new URL(share_url).pathname.split('/').at(-1)!;
    await api.ok(bob, 'POST', `/add_shared_movie/${token}/user/${bob.userId}`);
    const scene = await api.addScene(bob, movie._id);
    expect((await api.scenes(ann, movie._id)).map((s) => s._id)).toContain(scene._id);
  });
});
