import type { Cut, CutShot } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { draggedDuration, shotIndexAt, shotStarts, timeAtFraction, withShotDuration } from './cutTimeline';

const shot = (id: string, seconds: number): CutShot => ({
  shot_id: id,
  scene_id: 'scene',
  scene_number: 1,
  shot_number: 1,
  description: '',
  dialogue: '',
  duration: null,
  seconds,
  picture: null,
  sound: null,
});
const cut: Cut = {
  movie_id: 'm',
  still_seconds: 3,
  shots: [shot('a', 2), shot('b', 4.5), shot('c', 3)],
  seconds: 9.5,
};

describe("the cut player's clock", () => {
  it('starts each shot where the one before ends', () => {
    expect(shotStarts(cut.shots)).toEqual([0, 2, 6.5]);
  });

  it('finds the shot playing at a time, the next one from its first instant, the last at the end', () => {
    const starts = shotStarts(cut.shots);
    expect([0, 1.99, 2, 6.4, 6.5, 9.5].map((t) => shotIndexAt(starts, t))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it("changes one shot's duration and the total with it", () => {
    const changed = withShotDuration(cut, 'b', 1);
    expect(changed.shots.map((s) => [s.duration, s.seconds])).toEqual([
      [null, 2],
      [1, 1],
      [null, 3],
    ]);
    expect(changed.seconds).toBe(6);
  });

  it("turns a dragged thumbnail edge into tenths of a second, kept within a shot's limits", () => {
    expect(draggedDuration(3, 45, 30)).toBe(4.5);
    expect(draggedDuration(3, -500, 30)).toBe(0.5);
    expect(draggedDuration(590, 1000, 10)).toBe(600);
  });

  it('scrubs within the cut', () => {
    expect([timeAtFraction(0.5, 9.5), timeAtFraction(-1, 9.5), timeAtFraction(2, 9.5)]).toEqual([
      4.75, 0, 9.5,
    ]);
  });
});
