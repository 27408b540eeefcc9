import { useEffect, useState } from 'react';

/**
 * False for the page's first frame, true once it is painted: what lies below the fold waits for it, so
 * the first paint costs only the screen the visitor sees (a frame callback runs just before a paint,
 * a task queued from it just after).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
