import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storyboardClient, type StoryboardClient } from './storyboard-test-client';

let t: TestApp;
let ann: SignedInUser;
let api: StoryboardClient;

beforeAll(async () => {
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'ann@example.com');
});
afterAll(async () => t.close());

async function sceneWithTwoShots() {
  const movie = await api.newMovie(ann);
  const scene = await api.addScene(ann, movie._id);
  const first = await api.addShot(ann, scene);
  const second = await api.addShot(ann, scene);
  return { movie, scene, first, second };
}

describe('generation stats and new output', () => {
  it('reports no generations for a new shot and a new scene', async () => {
    const { scene, first } = await sceneWithTwoShots();
    expect(await api.ok(ann, 'GET', `/shots/${first._id}/generation_stats`)).toEqual({
      pending: 0,
      running: 0,
      success: 0,
      failed: 0,
      shot_has_new_output: false,
      generations_with_new_output: 0,
    });
    expect(await api.ok(ann, 'GET', `/scenes/${scene._id}/generation_stats`)).toEqual({
      total: { pending: 0, running: 0, success: 0, failed: 0 },
      shots_with_new_output: 0,
      generations_with_new_output: 0,
    });
  });

  it('lists the shots and scenes marked with new output, and clears them when the marker is saved off', async () => {
    const { movie, scene, second } = await sceneWithTwoShots();
    expect(await api.ok(ann, 'GET', `/shots/with_new_output/${scene._id}`)).toEqual([]);
    const marked = await api.updateShot(ann, second, { new_output: true });
    await api.updateScene(ann, scene, { new_output: true });
    expect(await api.ok(ann, 'GET', `/shots/with_new_output/${scene._id}`)).toEqual([second._id]);
    expect(await api.ok(ann, 'GET', `/scenes/with_new_output/${movie._id}`)).toEqual([scene._id]);
    expect(await api.ok(ann, 'GET', `/shots/${second._id}/generation_stats`)).toMatchObject({
      shot_has_new_output: true,
    });
    expect(await api.ok(ann, 'GET', `/scenes/${scene._id}/generation_stats`)).toMatchObject({
      shots_with_new_output: 1,
    });
    await api.updateShot(ann, marked, { new_output: false });
    expect(await api.ok(ann, 'GET', `/shots/with_new_output/${scene._id}`)).toEqual([]);
  });
});

describe('latest display image', () => {
  it("gives a shot's and a character's own image, and a scene's or else its first shot's with one", async () => {
    const { movie, scene, first, second } = await sceneWithTwoShots();
    const character = await api.addCharacter(ann, movie._id);
    const image = (level: string, id: string, query = '') =>
      api.ok<{ display_image: string | null }>(
        ann,
        'GET',
        `/utils/latest_display_image/${level}/${id}${query}`,
      );

    expect(await image('scene', scene._id, `?movie_id=${movie._id}`)).toEqual({ display_image: null });
    await api.updateShot(ann, second, { display_image: '/storage/second.png' });
    await api.updateShot(ann, first, { display_image: '/storage/first.png' });
    await api.updateCharacter(ann, character, { display_image: '/storage/mara.png' });

    expect(await image('shot', second._id)).toEqual({ display_image: '/storage/second.png' });
    expect(await image('character', character._id, `?movie_id=${movie._id}`)).toEqual({
      display_image: '/storage/mara.png',
    });
    expect(await image('scene', scene._id, `?movie_id=${movie._id}`)).toEqual({
      display_image: '/storage/first.png',
    });
    await api.updateScene(ann, scene, { display_image: '/storage/scene.png' });
    expect(await image('scene', scene._id)).toEqual({ display_image: '/storage/scene.png' });
  });

  it('refuses an item of another movie than movie_id with 404 and an unknown level with 400', async () => {
    const { scene } = await sceneWithTwoShots();
    const other = await api.newMovie(ann);
    const wrong = await api.call(
      ann,
      'GET',
      `/utils/latest_display_image/scene/${scene._id}?movie_id=${other._id}`,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().detail).toBe('Scene not found in this movie');
    const level = await api.call(ann, 'GET', `/utils/latest_display_image/generation/${scene._id}`);
    expect(level.statusCode).toBe(400);
    expect(level.json().detail).toBeTruthy();
  });

  it("gives every item's image of a list in one call, as latest_display_image gives each", async () => {
    const { movie, scene, first, second } = await sceneWithTwoShots();
    const empty = await api.addScene(ann, movie._id);
    const character = await api.addCharacter(ann, movie._id);
    const images = (level: string, parentId: string) =>
      api.ok<Record<string, string | null>>(ann, 'GET', `/utils/latest_display_images/${level}/${parentId}`);

    expect(await images('shot', scene._id)).toEqual({ [first._id]: null, [second._id]: null });
    await api.updateShot(ann, second, { display_image: '/storage/second.png' });
    await api.updateShot(ann, first, { display_image: '/storage/first.png' });
    await api.updateCharacter(ann, character, { display_image: '/storage/mara.png' });

    expect(await images('shot', scene._id)).toEqual({
      [first._id]: '/storage/first.png',
      [second._id]: '/storage/second.png',
    });
    const scenes = await images('scene', movie._id);
    expect(scenes[scene._id]).toBe('/storage/first.png');
    expect(scenes[empty._id]).toBeNull();
    expect(await images('character', movie._id)).toMatchObject({ [character._id]: '/storage/mara.png' });
    await api.updateScene(ann, scene, { display_image: '/storage/scene.png' });
    expect((await images('scene', movie._id))[scene._id]).toBe('/storage/scene.png');
  });

  it("gives a shared movie's lists to a member who accepted its link, and refuses the parent's strangers", async () => {
    const { movie, scene, first } = await sceneWithTwoShots();
    await api.updateShot(ann, first, { display_image: '/storage/first.png' });
    const bob = await signIn(t, 'bob@example.com');
    const shots = `/utils/latest_display_images/shot/${scene._id}`;
    const scenes = `/utils/latest_display_images/scene/${movie._id}`;
    for (const url of [shots, scenes]) {
      const refused = await api.call(bob, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().detail, url).toBe('You do not have access to this movie.');
    }
    const shared = await api.ok<{ share_url: string }>(ann, 'POST', `/share_movie/${movie._id}`);
    const token = shared.share_url.split('/').at(-1)!;
    await api.ok(bob, 'POST', `/add_shared_movie/${token}/user/${bob.userId}`);
    expect(await api.ok(bob, 'GET', shots)).toMatchObject({ [first._id]: '/storage/first.png' });
    expect(await api.ok(bob, 'GET', scenes)).toMatchObject({ [scene._id]: '/storage/first.png' });
  });
});
