import { useCallback, useEffect, useRef, useState } from 'react';

export interface CutClock {
  time: number;
  playing: boolean;
  play(): void;
  pause(): void;
  toggle(): void;
  seek(time: number): void;
}

/**
 * The player's clock: seconds from the cut's start, running while playing and not `stalled` (a video
 * still loading holds it), stopping at `total`.
 */
export function useCutClock(total: number, stalled: boolean): CutClock {
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const held = useRef(stalled);
  held.current = stalled;

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const elapsed = (now - last) / 1000;
      last = now;
      if (!held.current) {
        setTime((t) => {
          const next = Math.min(total, t + elapsed);
          if (next >= total) setPlaying(false);
          return next;
        });
      }
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, total]);

  const seek = useCallback((to: number) => setTime(Math.min(total, Math.max(0, to))), [total]);
  const play = useCallback(() => {
    // Play at the end starts again from the beginning.
    setTime((t) => (t >= total ? 0 : t));
    setPlaying(true);
  }, [total]);
  const pause = useCallback(() => setPlaying(false), []);
  const toggle = useCallback(() => (playing ? pause() : play()), [playing, pause, play]);
  return { time, playing, play, pause, toggle, seek };
}
