import type { Cut, CutShot } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { cutWithDurations } from './cutWithDurations';

const video = { generation_id: 'g', kind: 'video' as const, url: 'v.mp4', display_image: null, seconds: 5 };
const shot = (
  id: string,
  picture: CutShot['picture'],
  duration: number | null,
  seconds: number,
): CutShot => ({
  shot_id: id,
  scene_id: 's',
  scene_number: 1,
  shot_number: 1,
  description: '',
  dialogue: '',
  duration,
  seconds,
  picture,
  sound: null,
});
const cut: Cut = {
  movie_id: 'm',
  still_seconds: 3,
  shots: [shot('a', video, null, 5), shot('b', null, 4, 4)],
  seconds: 9,
};

describe('storyboard totals', () => {
  it("follow the durations being typed, and a cleared one falls back to the take's length", () => {
    const typed = cutWithDurations(cut, new Map([['a', 2]]));
    expect([typed.shots[0]!.seconds, typed.seconds]).toEqual([2, 6]);
    const cleared = cutWithDurations(cut, new Map([['b', null]]));
    expect([cleared.shots[1]!.seconds, cleared.seconds]).toEqual([3, 8]);
  });
});
