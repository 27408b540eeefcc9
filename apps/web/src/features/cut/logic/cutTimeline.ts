import { MAX_SHOT_DURATION_SECONDS, MIN_SHOT_DURATION_SECONDS, type Cut } from '@cinegraph/contracts';

/** Where each shot starts on the cut's clock, in seconds (the first at 0). */
export function shotStarts(shots: readonly { seconds: number }[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const shot of shots) {
    starts.push(at);
    at += shot.seconds;
  }
  return starts;
}

/** The shot playing at `time`: the last one starting at or before it (the last shot at the very end). */
export function shotIndexAt(starts: readonly number[], time: number): number {
  let index = 0;
  for (let i = 0; i < starts.length; i += 1) if (starts[i]! <= time + 1e-9) index = i;
  return index;
}

/** The cut with one shot's duration changed, its total and the shot's length following. */
export function withShotDuration(cut: Cut, shotId: string, seconds: number): Cut {
  const shots = cut.shots.map((shot) =>
    shot.shot_id === shotId ? { ...shot, duration: seconds, seconds } : shot,
  );
  return { ...cut, shots, seconds: shots.reduce((sum, shot) => sum + shot.seconds, 0) };
}

/**
 * The duration a thumbnail's edge dragged by `deltaPx` gives, on a strip showing `pxPerSecond`:
 * in tenths of a second, within the durations a shot may have.
 */
export function draggedDuration(startSeconds: number, deltaPx: number, pxPerSecond: number): number {
  const seconds = Math.round((startSeconds + deltaPx / pxPerSecond) * 10) / 10;
  return Math.min(MAX_SHOT_DURATION_SECONDS, Math.max(MIN_SHOT_DURATION_SECONDS, seconds));
}

/** The time on the cut's clock under a point of the strip (`fraction` 0 at its left, 1 at its right). */
export function timeAtFraction(fraction: number, total: number): number {
  return Math.min(total, Math.max(0, fraction * total));
}
