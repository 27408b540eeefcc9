/**
 * What the editor benchmark runs inside both pages (the studio's editor and the bare React Flow page),
 * bundled by esbuild and added before the page's own scripts: `window.benchCanvas`.
 */
interface FirstRender {
  /** Milliseconds since navigation. */
  ms: number;
  /** React Flow nodes in the page at that moment. */
  nodes: number;
}

let frames = 0;
let counting = false;
let since = 0;

/**
 * Resolves once every node React Flow put in the page is measured and shown (it hides a node until it
 * has measured it) and an edge is drawn. Polled by a timer, not by frames: a page that is busy painting
 * draws few frames, and the moment must not wait for one.
 */
let firstNodeMs = 0;
const longTasks: string[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`);
}).observe({ type: 'longtask', buffered: true });
const firstRender = new Promise<FirstRender>((resolve) => {
  const check = () => {
    if (!firstNodeMs && document.querySelector('.react-flow__node')) firstNodeMs = performance.now();
    const shown = document.querySelectorAll<HTMLElement>('.react-flow__node');
    const done =
      shown.length > 0 &&
      document.querySelector('.react-flow__edge') !== null &&
      Array.from(shown).every((node) => node.style.visibility !== 'hidden');
    if (done) resolve({ ms: performance.now(), nodes: shown.length });
    else setTimeout(check, 10);
  };
  check();
});

const benchCanvas = {
  firstRender: () => firstRender,

  /** What the page shows now, for a failed wait. */
  state(): string {
    const shown = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node'));
    const hidden = shown.filter((node) => node.style.visibility === 'hidden');
    const calls = performance
      .getEntriesByType('resource')
      .map(
        (e) =>
          `${e.name.replace(location.origin, '').slice(0, 60)} ${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)}`,
      );
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return `first node at ${Math.round(firstNodeMs)} ms; DOMContentLoaded ${Math.round(nav?.domContentLoadedEventEnd ?? 0)}; ${calls.length} requests: ${calls.join('; ')}\nlong tasks: ${longTasks.join(' ')}\n${shown.length} nodes, ${hidden.length} hidden (${hidden[0]?.outerHTML.slice(0, 300)}), ${document.querySelectorAll('.react-flow__edge').length} edges`;
  },

  /** Starts counting the frames the page draws (requestAnimationFrame callbacks). */
  startFrames(): void {
    frames = 0;
    counting = true;
    since = performance.now();
    const tick = () => {
      if (!counting) return;
      frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },

  /** Frames per second since startFrames. */
  stopFrames(): number {
    counting = false;
    return (frames * 1000) / (performance.now() - since);
  },

  /** A point near the top left corner of the node nearest the middle of the window, where a press drags it. */
  grip(): { x: number; y: number } | null {
    const middle = { x: window.innerWidth / 2, y: window.innerHeight / 2 };
    let best: { x: number; y: number; distance: number } | null = null;
    for (const node of document.querySelectorAll<HTMLElement>('.react-flow__node')) {
      const box = node.getBoundingClientRect();
      const x = box.x + 12;
      const y = box.y + 12;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      if (document.elementFromPoint(x, y)?.closest('.react-flow__node') !== node) continue;
      const distance = Math.hypot(box.x + box.width / 2 - middle.x, box.y + box.height / 2 - middle.y);
      if (!best || distance < best.distance) best = { x, y, distance };
    }
    return best && { x: best.x, y: best.y };
  },
};

export type BenchCanvas = typeof benchCanvas;
(window as unknown as { benchCanvas: BenchCanvas }).benchCanvas = benchCanvas;
