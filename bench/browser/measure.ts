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
 * Resolves once the first view is drawn and stays: every node React Flow put in the page measured and
 * shown (it hides a node until it has measured it), an edge drawn, and neither the view (the viewport's
 * transform) nor the count of nodes in the page changing for STABLE_MS. Its time is when that state
 * began, so a page that draws another view first (before fitting the graph) counts until the fitted
 * one. Polled by a timer, not by frames: a page that is busy painting draws few frames, and the moment
 * must not wait for one.
 */
const STABLE_MS = 750;
let firstNodeMs = 0;
const longTasks: string[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`);
}).observe({ type: 'longtask', buffered: true });
const firstRender = new Promise<FirstRender>((resolve) => {
  let shape = '';
  let since = 0;
  const check = () => {
    const now = performance.now();
    if (!firstNodeMs && document.querySelector('.react-flow__node')) firstNodeMs = now;
    const shown = document.querySelectorAll<HTMLElement>('.react-flow__node');
    const done =
      shown.length > 0 &&
      document.querySelector('.react-flow__edge') !== null &&
      Array.from(shown).every((node) => node.style.visibility !== 'hidden');
    const view = document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform ?? '';
    const current = done ? `${view} ${shown.length}` : '';
    if (current !== shape) {
      shape = current;
      since = now;
    }
    if (shape && now - since >= STABLE_MS) resolve({ ms: since, nodes: shown.length });
    else setTimeout(check, 10);
  };
  check();
});

/** What a press does not drag a node from: React Flow's `nodrag` parts, handles and form controls. */
const NOT_A_GRIP = '.nodrag, .react-flow__handle, input, textarea, select, button, a';

/**
 * A point on screen where a press drags `node`, nearest its top left corner (its title): at the fitted
 * zoom of a large graph a node is a few pixels big, and most of it may be a text field.
 */
function dragSpot(node: HTMLElement, box: DOMRect): { x: number; y: number } | null {
  for (let dy = 1; dy < Math.min(box.height, 24); dy += 1) {
    for (let dx = 1; dx < Math.min(box.width, 24); dx += 1) {
      const x = box.x + dx;
      const y = box.y + dy;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit?.closest('.react-flow__node') === node && !hit.closest(NOT_A_GRIP)) return { x, y };
    }
  }
  return null;
}

const benchCanvas = {
  firstRender: () => firstRender,

  /** What the page shows now, for a failed wait. */
  state(): string {
    const shown = Array.from(document.querySelectorAll<HTMLElement>('.react-flow__node'));
    const hidden = shown.filter((node) => node.style.visibility === 'hidden');
    const calls = performance.getEntriesByType('resource').map(
      (e) =>
        // Asked, sent (after waiting for one of the six connections), first byte, last byte.
        `${e.name.replace(location.origin, '').slice(0, 60)} ${[e.startTime, (e as PerformanceResourceTiming).requestStart, (e as PerformanceResourceTiming).responseStart, (e as PerformanceResourceTiming).responseEnd].map(Math.round).join('/')}`,
    );
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const pane = document.querySelector('.react-flow')?.getBoundingClientRect();
    const view = document.querySelector<HTMLElement>('.react-flow__viewport')?.style.transform;
    return `view ${view} in a pane of ${pane?.width}x${pane?.height}; first node at ${Math.round(firstNodeMs)} ms; DOMContentLoaded ${Math.round(nav?.domContentLoadedEventEnd ?? 0)}; ${calls.length} requests: ${calls.join('; ')}\nlong tasks: ${longTasks.join(' ')}\n${shown.length} nodes, ${hidden.length} hidden (${hidden[0]?.outerHTML.slice(0, 300)}), ${document.querySelectorAll('.react-flow__edge').length} edges`;
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

  /** The canvas on screen (React Flow's pane), where a drag auto-pans within 40 px of an edge. */
  pane(): { left: number; top: number; right: number; bottom: number } | null {
    const box = document.querySelector('.react-flow')?.getBoundingClientRect();
    return box ? { left: box.left, top: box.top, right: box.right, bottom: box.bottom } : null;
  },

  /** A point on the node nearest the middle of the window where a press drags it (see dragSpot). */
  grip(): { x: number; y: number } | null {
    const middle = { x: window.innerWidth / 2, y: window.innerHeight / 2 };
    let best: { x: number; y: number; distance: number } | null = null;
    for (const node of document.querySelectorAll<HTMLElement>('.react-flow__node')) {
      const box = node.getBoundingClientRect();
      const distance = Math.hypot(box.x + box.width / 2 - middle.x, box.y + box.height / 2 - middle.y);
      if (best && distance >= best.distance) continue;
      const spot = dragSpot(node, box);
      if (spot) best = { ...spot, distance };
    }
    return best && { x: best.x, y: best.y };
  },
};

export type BenchCanvas = typeof benchCanvas;
(window as unknown as { benchCanvas: BenchCanvas }).benchCanvas = benchCanvas;
