import { describe, expect, it } from 'vitest';
import { steppedShotId } from './shotStepping';

const shots = [
  { _id: 'a', hidden: false },
  { _id: 'b', hidden: true },
  { _id: 'c', hidden: false },
  { _id: 'd', hidden: false },
];

describe('steppedShotId', () => {
  it('skips hidden shots and wraps around at both ends', () => {
    expect(steppedShotId(shots, 'a', 1, false)).toBe('c');
    expect(steppedShotId(shots, 'd', 1, false)).toBe('a');
    expect(steppedShotId(shots, 'a', -1, false)).toBe('d');
  });

  it('steps through hidden shots when they are shown', () => {
    expect(steppedShotId(shots, 'a', 1, true)).toBe('b');
  });

  it('goes nowhere with a single visible shot', () => {
    expect(steppedShotId([{ _id: 'a', hidden: false }], 'a', 1, false)).toBeNull();
  });
});
