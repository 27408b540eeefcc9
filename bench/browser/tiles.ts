/**
 * What the screens benchmark runs inside both pages (the studio's screen and the bare React page),
 * bundled by esbuild and added before the page's own scripts: `window.benchTiles`.
 */
interface AllTiles {
  /** Milliseconds since navigation. */
  ms: number;
  /** When the page first held them all, pictures loaded or not. */
  inPageMs: number;
  tiles: number;
}

// A storyboard of 300 pictures makes more resource entries than the default buffer of 250 holds.
performance.setResourceTimingBufferSize(10_000);
/** Addresses whose response has ended (a resource entry appears then), kept as they come: cheap to ask. */
const ended = new Set<string>();
/** What to run when the page may have changed (a node added, a picture loaded, a response ended). */
const changed = new Set<() => void>();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) ended.add(entry.name);
  for (const run of changed) run();
}).observe({ type: 'resource', buffered: true });
// Pictures' load events do not bubble: caught on their way down.
document.addEventListener('load', () => changed.forEach((run) => run()), true);
new MutationObserver(() => changed.forEach((run) => run())).observe(document, {
  childList: true,
  subtree: true,
  attributes: true,
  attributeFilter: ['style', 'src'],
});

/** Tiles whose picture has loaded: not looked at again (the check runs every 10 ms on hundreds). */
const loaded = new WeakSet<Element>();

/** Whether a tile's picture has loaded (false while it has none). */
function pictureLoaded(tile: Element): boolean {
  if (loaded.has(tile)) return true;
  const img = tile.querySelector('img');
  let done: boolean;
  if (img) done = img.complete && img.naturalWidth > 0;
  else {
    const holder = tile.querySelector<HTMLElement>('[style*="background-image"]');
    const match = holder && /url\("?(.*?)"?\)/.exec(holder.style.backgroundImage);
    // A CSS background has no load event: its resource entry appears once its response has ended.
    done = match !== null && ended.has(new URL(match[1]!, location.href).href);
  }
  if (done) loaded.add(tile);
  return done;
}

const benchTiles = {
  /**
   * Resolves once `count` tiles match `selector` and every one shows its picture, loaded. Checked when
   * the page changes (at most once a task), not polled: a poll of hundreds of tiles every few
   * milliseconds would itself slow the page it measures.
   */
  allTiles(selector: string, count: number): Promise<AllTiles> {
    let inPageMs = 0;
    return new Promise((resolve) => {
      let queued = false;
      const check = () => {
        queued = false;
        const tiles = document.querySelectorAll(selector);
        if (!inPageMs && tiles.length >= count) inPageMs = performance.now();
        if (tiles.length >= count && Array.from(tiles).every(pictureLoaded)) {
          changed.delete(schedule);
          resolve({ ms: performance.now(), inPageMs, tiles: tiles.length });
        }
      };
      const schedule = () => {
        if (queued) return;
        queued = true;
        setTimeout(check, 0);
      };
      changed.add(schedule);
      schedule();
    });
  },

  /** What the page shows now, for a failed wait. */
  state(selector: string): string {
    const tiles = Array.from(document.querySelectorAll(selector));
    const waiting = tiles.filter((tile) => !pictureLoaded(tile)).length;
    return `${tiles.length} tiles, ${waiting} without their picture loaded; ${ended.size} responses ended`;
  },
};

export type BenchTiles = typeof benchTiles;
(window as unknown as { benchTiles: BenchTiles }).benchTiles = benchTiles;
