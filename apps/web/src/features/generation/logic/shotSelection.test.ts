import type { ShotValidation } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { clampJobs, groupShotsByScene, initialSelection, toggleShot } from './shotSelection';

const entry = (shot_id: string, valid: boolean, scene_id = 's1', index = 0): ShotValidation => ({
  shot_id,
  scene_id,
  valid,
  index,
  description: shot_id,
  missing: valid ? [] : ['Description (shot)'],
});

describe('initialSelection', () => {
  it('selects every valid shot when none is selected', () => {
    const entries = [entry('a', true), entry('b', false), entry('c', true)];
    expect([...initialSelection(entries, new Set())]).toEqual(['a', 'c']);
  });

  it('keeps an existing selection but drops invalid shots from it', () => {
    const entries = [entry('a', true), entry('b', false), entry('c', true)];
    expect([...initialSelection(entries, new Set(['c', 'b']))]).toEqual(['c']);
  });

  it('toggles one shot', () => {
    expect([...toggleShot(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleShot(new Set(['a']), 'a')]).toEqual([]);
  });
});

describe('groupShotsByScene', () => {
  it('puts shots under their scenes by index and leaves out scenes without shots', () => {
    const groups = groupShotsByScene(
      [
        { _id: 's1', title: 'One' },
        { _id: 's2', title: 'Two' },
      ],
      [entry('b', true, 's1', 1), entry('a', true, 's1', 0)],
    );
    expect(groups.map((g) => [g.title, g.shots.map((s) => s.shot_id)])).toEqual([['One', ['a', 'b']]]);
  });
});

describe('clampJobs', () => {
  it('keeps jobs per shot an integer from 1 to 10', () => {
    expect([clampJobs('0'), clampJobs(11), clampJobs('3.7'), clampJobs('x'), clampJobs('')]).toEqual([
      1, 10, 3, 1, 1,
    ]);
  });
});
