import type { Shot } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectIndexes, storyboardClient, type StoryboardClient } from './storyboard-test-client';

let t: TestApp;
let ann: SignedInUser;
let api: StoryboardClient;

beforeAll(async () => {
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'ann@example.com');
});
afterAll(async () => t.close());

const actions = (shots: readonly Shot[]) => shots.map((shot) => shot.description);

/** A scene of a blank movie with shots whose descriptions are the given actions. */
async function sceneWithShots(...descriptions: string[]) {
  const movie = await api.newMovie(ann);
  const scene = await api.addScene(ann, movie._id);
  for (const description of descriptions) {
    await api.updateShot(ann, await api.addShot(ann, scene), { description });
  }
  return { movie, scene, list: () => api.shots(ann, scene._id) };
}

describe('shots', () => {
  it('creates a blank shot at the end of the scene, then saves its description and inputs', async () => {
    const starter = await api.starterMovie(ann);
    const [scene] = await api.scenes(ann, starter._id);
    const before = await api.shots(ann, scene!._id);
    const shot = await api.addShot(ann, scene!);
    expect(shot).toMatchObject({ scene_id: scene!._id, index: before.length, description: '' });
    expect(shot.inputs.map((input) => input.name)).toEqual(['Description', 'Camera Angle']);
    expect(shot.inputs.find((input) => input.name === 'Camera Angle')?.value).toBe('Medium shot');

    const camera = shot.inputs.find((input) => input.name === 'Camera Angle')!;
    const saved = await api.updateShot(ann, shot, {
      description: 'Mara looks at the sea',
      dialogue: '"Not yet."',
      camera_angle: 'Close-up',
      inputs: [{ ...camera, value: 'Close-up' }],
    });
    expect(saved).toMatchObject({
      description: 'Mara looks at the sea',
      dialogue: '"Not yet."',
      camera_angle: 'Close-up',
    });
    expect(saved.inputs.find((input) => input.name === 'Camera Angle')?.value).toBe('Close-up');
    const list = await api.shots(ann, scene!._id);
    expect(list.at(-1)).toEqual(saved);
    expectIndexes(list);
  });

  it('inserts a shot at an index, moving the later shots of that scene only', async () => {
    const { movie, scene, list } = await sceneWithShots('one', 'two');
    const other = await api.addScene(ann, movie._id);
    await api.addShot(ann, other);
    await api.addShot(ann, scene, { index: 0 });
    const shots = await list();
    expect(actions(shots)).toEqual(['', 'one', 'two']);
    expectIndexes(shots);
    expect((await api.shots(ann, other._id))[0]!.index).toBe(0);
  });

  it('reorders shots within their scene', async () => {
    const { list } = await sceneWithShots('one', 'two', 'three');
    await api.updateShot(ann, (await list())[2]!, { index: 0 });
    const shots = await list();
    expect(actions(shots)).toEqual(['three', 'one', 'two']);
    expectIndexes(shots);
  });

  it('copies a shot right after it and returns the copy', async () => {
    const { list } = await sceneWithShots('one', 'two', 'three');
    const one = (await list())[0]!;
    const copy = await api.ok<Shot>(ann, 'POST', `/shots/copy/${one._id}`);
    expect(copy).toMatchObject({ description: 'one', index: 1, scene_id: one.scene_id });
    const shots = await list();
    expect(actions(shots)).toEqual(['one', 'one', 'two', 'three']);
    expect(shots[1]!._id).toBe(copy._id);
    expectIndexes(shots);
  });

  it('deletes a shot and moves the later shots up', async () => {
    const { list } = await sceneWithShots('one', 'two', 'three');
    const one = (await list())[0]!;
    expect((await api.call(ann, 'DELETE', `/shots/${one._id}`)).statusCode).toBe(200);
    const shots = await list();
    expect(actions(shots)).toEqual(['two', 'three']);
    expectIndexes(shots);
  });

  it('reads one shot for the breadcrumb', async () => {
    const { list } = await sceneWithShots('one');
    const shot = (await list())[0]!;
    expect(await api.ok<Shot>(ann, 'GET', `/shots/${shot._id}`)).toEqual(shot);
  });

  it('refuses a shot for a scene of another movie with 404', async () => {
    const { scene } = await sceneWithShots();
    const otherMovie = await api.newMovie(ann);
    const response = await api.call(ann, 'POST', `/shots?scene_id=${scene._id}&movie_id=${otherMovie._id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Scene not found in this movie');
  });
});
