import { describe, expect, it } from 'vitest';
import { beatsOfShot, CAMERA_ROTATION, OfflinePlanner } from './offline-planner';
import type { ShotPlanRequest } from './planner';

const planner = new OfflinePlanner();
const request = (changes: Partial<ShotPlanRequest>): ShotPlanRequest => ({
  sceneDescription: '',
  characters: ['Mara', 'Tom'],
  extraKeys: [],
  amountOfShots: 3,
  fixedSceneFacts: '',
  ...changes,
});

describe('OfflinePlanner', () => {
  it('gives one shot per beat with the named characters, camera angles in rotation and quoted dialogue', async () => {
    const shots = await planner.planShots(
      request({ sceneDescription: 'Mara waits on the pier. Tom arrives by boat. Mara says "You are late."' }),
    );
    expect(shots).toEqual([
      {
        description: 'Mara waits on the pier.',
        dialogue: '',
        camera_angle: 'Establishing wide shot',
        characters: ['Mara'],
      },
      { description: 'Tom arrives by boat.', dialogue: '', camera_angle: 'Medium shot', characters: ['Tom'] },
      {
        description: 'Mara says "You are late."',
        dialogue: 'You are late.',
        camera_angle: 'Close-up',
        characters: ['Mara'],
      },
    ]);
  });

  it('always returns the requested number of shots, covering a short scene from several angles', async () => {
    const shots = await planner.planShots(request({ sceneDescription: 'Mara runs.', amountOfShots: 10 }));
    expect(shots).toHaveLength(10);
    expect(shots.every((shot) => shot.description === 'Mara runs.')).toBe(true);
    expect(shots.map((shot) => shot.camera_angle)).toEqual([
      ...CAMERA_ROTATION,
      ...CAMERA_ROTATION.slice(0, 2),
    ]);
  });

  it('groups beats in order when there are more beats than shots', async () => {
    const shots = await planner.planShots(
      request({ sceneDescription: 'One Mara. Two. Three Tom. Four.', amountOfShots: 2 }),
    );
    expect(shots.map((shot) => shot.description)).toEqual(['One Mara. Two.', 'Three Tom. Four.']);
    expect(shots.map((shot) => shot.characters)).toEqual([['Mara'], ['Tom']]);
  });

  it('keeps the previous characters for a beat that names nobody, and repeats fixed facts in every shot', async () => {
    const shots = await planner.planShots(
      request({
        sceneDescription: 'Mara and Tom meet. They shake hands.',
        amountOfShots: 2,
        fixedSceneFacts: 'Night, heavy rain.',
        extraKeys: ['Mood'],
      }),
    );
    expect(shots[1]).toEqual({
      description: 'They shake hands. Night, heavy rain.',
      dialogue: '',
      camera_angle: 'Medium shot',
      characters: ['Mara', 'Tom'],
      Mood: '',
    });
  });

  it('is deterministic', async () => {
    const ask = request({ sceneDescription: 'Mara runs, jumps, and falls. Tom laughs.', amountOfShots: 5 });
    expect(await planner.planShots(ask)).toEqual(await planner.planShots(ask));
  });
});

describe('beatsOfShot', () => {
  it('spreads beats into contiguous, balanced slices that cover every beat once', () => {
    const beats = ['a', 'b', 'c', 'd', 'e'];
    const slices = [0, 1, 2].map((shot) => beatsOfShot(beats, shot, 3));
    expect(slices.flat()).toEqual(beats);
    expect(slices.every((slice) => slice.length >= 1)).toBe(true);
  });
});
