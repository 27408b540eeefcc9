import { useEffect, useState } from 'react';

/**
 * False until the page's first contentful paint is on the screen, then true: what lies below the fold
 * (its code and the whole stylesheet too) waits for it, so the first frame costs only the screen the
 * visitor sees. The browser reports that paint once the frame is shown, after it is rasterised, which on
 * a weak device is long after the main thread drew it; where it does not report paints, a task queued
 * from a frame callback (just after the main thread drew the frame) stands in.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setPainted(true);
      });
      // Buffered: a page opened on another screen has painted long before it shows this one.
      observer.observe({ type: 'paint', buffered: true });
      return () => observer.disconnect();
    }
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
