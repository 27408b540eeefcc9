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

  it('always returns the requested number of shots, each beat covered again with another focus', async () => {
    const shots = await planner.planShots(request({ sceneDescription: 'Mara runs.', amountOfShots: 10 }));
    expect(shots).toHaveLength(10);
    expect(shots.map((shot) => shot.description)).toEqual([
      'Mara runs.',
      'Mara runs. Focus on Mara.',
      'Mara runs. Focus on the setting.',
      'Mara runs. Focus on the action.',
      'Mara runs. Focus on a telling detail.',
      'Mara runs. Focus on the reactions.',
      'Mara runs. Focus on the light and the mood.',
      'Mara runs. Focus on Mara (variation 2).',
      'Mara runs. Focus on the setting (variation 2).',
      'Mara runs. Focus on the action (variation 2).',
    ]);
    expect(shots.map((shot) => shot.camera_angle)).toEqual([
      ...CAMERA_ROTATION,
      ...CAMERA_ROTATION.slice(0, 2),
    ]);
  });

  it('never repeats a shot of two sentences over four, and names a scene character in the first', async () => {
    const shots = await planner.planShots(
      request({
        sceneDescription: 'The kitchen is dark and quiet. Tom opens the fridge while Mara watches.',
        amountOfShots: 4,
      }),
    );
    expect(shots.map((shot) => [shot.description, shot.characters])).toEqual([
      ['The kitchen is dark and quiet. Featuring Mara.', ['Mara']],
      ['The kitchen is dark and quiet. Focus on Tom.', ['Tom']],
      ['Tom opens the fridge while Mara watches.', ['Mara', 'Tom']],
      ['Tom opens the fridge while Mara watches. Focus on Mara.', ['Mara', 'Tom']],
    ]);
  });

  it('spreads the scene characters over shots whose beats name nobody', async () => {
    const shots = await planner.planShots(
      request({
        sceneDescription: 'Rain falls. Thunder rolls. Mara and Tom hide under the awning.',
        characters: ['Mara', 'Tom'],
        amountOfShots: 3,
      }),
    );
    expect(shots.map((shot) => shot.characters)).toEqual([['Mara'], ['Tom'], ['Mara', 'Tom']]);
    expect(shots[1]?.description).toBe('Thunder rolls. Featuring Tom.');
  });

  it('gives no two shots the same description, whatever the scene and the number of shots', async () => {
    const scenes = [
      'Mara runs.',
      'The hall is empty. The hall is empty. Tom enters.',
      'A door, a window; a lamp: a chair.',
      'Mara and Tom argue, shout, and part. "Go!" she says.',
      'Night.',
    ];
    for (const sceneDescription of scenes) {
      for (let amountOfShots = 1; amountOfShots <= 20; amountOfShots += 1) {
        const shots = await planner.planShots(request({ sceneDescription, amountOfShots }));
        const descriptions = shots.map((shot) => shot.description);
        expect(new Set(descriptions).size, `${sceneDescription} in ${amountOfShots}`).toBe(amountOfShots);
      }
    }
  });

  it('groups beats in order when there are more beats than shots', async () => {
    const shots = await planner.planShots(
      request({ sceneDescription: 'One Mara. Two. Three Tom. Four.', amountOfShots: 2 }),
    );
    expect(shots.map((shot) => shot.description)).toEqual(['One Mara. Two.', 'Three Tom. Four.']);
    expect(shots.map((shot) => shot.characters)).toEqual([['Mara'], ['Tom']]);
  });

  it('names the previous characters in a beat that names nobody, and repeats fixed facts in every shot', async () => {
    const shots = await planner.planShots(
      request({
        sceneDescription: 'Mara and Tom meet. They shake hands.',
        amountOfShots: 2,
        fixedSceneFacts: 'Night, heavy rain.',
        extraKeys: ['Mood'],
      }),
    );
    expect(shots[1]).toEqual({
      description: 'They shake hands. Featuring Mara and Tom. Night, heavy rain.',
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
