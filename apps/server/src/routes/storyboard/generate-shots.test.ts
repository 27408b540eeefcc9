import { STORYBOARD_MESSAGES, type GenerateShotsResponse } from '@cinegraph/contracts';
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

const sceneText = 'Mara walks along the pier. Tom waves from a boat. Mara calls "Wait for me!"';

describe('automatic shots (offline planner)', () => {
  it('plans the requested number of shots with dialogue and camera angles, and writes nothing', async () => {
    const movie = await api.starterMovie(ann);
    const [scene] = await api.scenes(ann, movie._id);
    const before = await api.shots(ann, scene!._id);
    const { shots } = await api.ok<GenerateShotsResponse>(ann, 'POST', '/scenes/generate_shots', {
      movie_id: movie._id,
      scene_id: scene!._id,
      scene_description: sceneText,
      characters: ['Mara', 'Tom'],
      extra_keys: ['Mood'],
      amount_of_shots: 3,
      fixed_scene_facts: '',
    });
    expect(shots).toEqual([
      {
        description: 'Mara walks along the pier.',
        dialogue: '',
        camera_angle: 'Establishing wide shot',
        characters: ['Mara'],
        Mood: '',
      },
      {
        description: 'Tom waves from a boat.',
        dialogue: '',
        camera_angle: 'Medium shot',
        characters: ['Tom'],
        Mood: '',
      },
      {
        description: 'Mara calls "Wait for me!"',
        dialogue: 'Wait for me!',
        camera_angle: 'Close-up',
        characters: ['Mara'],
        Mood: '',
      },
    ]);
    expect(await api.shots(ann, scene!._id)).toEqual(before);
  });

  it("plans 10 shots by default and uses the movie's characters when none are sent", async () => {
    const movie = await api.starterMovie(ann);
    const { shots } = await api.ok<GenerateShotsResponse>(ann, 'POST', '/scenes/generate_shots', {
      movie_id: movie._id,
      scene_description: 'mara looks at the sea.',
    });
    expect(shots).toHaveLength(10);
    expect(shots[0]!.characters).toEqual(['Mara']);
  });

  it('refuses an empty scene description and one naming no character with the spec messages', async () => {
    const movie = await api.starterMovie(ann);
    const ask = (body: object) =>
      api.call(ann, 'POST', '/scenes/generate_shots', { movie_id: movie._id, ...body });
    const empty = await ask({ scene_description: '   ', characters: ['Mara'] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(STORYBOARD_MESSAGES.sceneDescriptionMissing);
    const nobody = await ask({ scene_description: 'Marabou storks fly over.', characters: ['Mara'] });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().detail).toBe(
      'No characters detected in the scene description. Please mention at least one character by name.',
    );
  });

  it('refuses an amount of shots outside 1 to 20 and a missing movie id with 400', async () => {
    const movie = await api.starterMovie(ann);
    for (const amount_of_shots of [0, 21, 2.5]) {
      const response = await api.call(ann, 'POST', '/scenes/generate_shots', {
        movie_id: movie._id,
        scene_description: sceneText,
        amount_of_shots,
      });
      expect(response.statusCode, String(amount_of_shots)).toBe(400);
      expect(response.json().detail).toMatch(/amount_of_shots/);
    }
    const noMovie = await api.call(ann, 'POST', '/scenes/generate_shots', { scene_description: sceneText });
    expect(noMovie.statusCode).toBe(400);
    expect(noMovie.json().detail).toMatch(/movie_id/);
  });
});
