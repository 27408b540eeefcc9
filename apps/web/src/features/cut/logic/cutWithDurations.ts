import { shotSeconds, type Cut } from '@cinegraph/contracts';

/**
 * The cut with the durations the storyboard holds right now (edits not saved yet included), so the
 * totals follow the shot panel as the creator types.
 */
export function cutWithDurations(cut: Cut, durations: ReadonlyMap<string, number | null>): Cut {
  const shots = cut.shots.map((shot) => {
    if (!durations.has(shot.shot_id)) return shot;
    const duration = durations.get(shot.shot_id) ?? null;
    return { ...shot, duration, seconds: shotSeconds({ ...shot, duration }, cut.still_seconds) };
  });
  return { ...cut, shots, seconds: shots.reduce((sum, shot) => sum + shot.seconds, 0) };
}
