import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright';
import { inFreshPage, median, runInChromium } from './chromium';
import { printComparisons } from './harness';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** The budget for the first page's JavaScript, gzip, and the margin it must keep under it. */
const BUDGET_B = 120_000;
const MARGIN_B = 5_000;
/** Page loads of each side (alternating; BENCH_LANDING_LOADS); the median is printed. */
const LOADS = Number(process.env.BENCH_LANDING_LOADS ?? 7);

/**
 * The landing page (`npm run build` first): the JavaScript a visitor downloads before the first paint
 * (the entry chunk, which holds the landing page's opening, and every chunk it imports statically,
 * gzip-compressed) and with the sections under the opening (a chunk asked for once it is painted)
 * against the budget,
 * and its first contentful paint in Chromium, served by the studio (the opening drawn at build time),
 * and when its app has rendered over that, against a bare React + React Router page (the same versions, one route showing a heading) served by a bare Node server, loaded
 * alternately in fresh browser contexts (a first visit, nothing cached).
 */
export async function benchLanding(): Promise<void> {
  const paint = await firstPaints();
  if (!paint) return;
  const js = landingJavaScript();
  printComparisons(`Landing page (JS: ${js.files} files${js.withZod ? ', zod included' : ', no zod'})`, [
    {
      // In bytes: a figure a few hundred bytes under or over the budget would round to it in kB.
      name: 'landing page JS before the first paint, gzip, vs the budget',
      figure: js.firstPaint,
      baseline: BUDGET_B,
      unit: 'B',
      higherIsBetter: false,
      target: `<= ${(BUDGET_B - MARGIN_B).toLocaleString('en-US')} B`,
    },
    {
      name: 'with the sections under the opening (loaded after it)',
      figure: js.all,
      baseline: BUDGET_B,
      unit: 'B',
      higherIsBetter: false,
      target: `<= ${BUDGET_B.toLocaleString('en-US')} B`,
    },
    {
      name: 'first contentful paint vs bare React + React Router',
      figure: paint.studio,
      baseline: paint.bare,
      unit: 'ms',
      higherIsBetter: false,
      target: '>= 0.5 (2x)',
    },
    {
      // The studio's first paint is the opening drawn at build time (landing.html); its buttons work once
      // the app has rendered over it, which is when the bare page's React renders its own.
      name: 'the app rendered in the page (buttons work) vs the same, bare',
      figure: paint.studioRendered,
      baseline: paint.bareRendered,
      unit: 'ms',
      higherIsBetter: false,
    },
  ]);
}

interface LandingJavaScript {
  /** Gzip bytes of the entry (which holds the landing page) and every chunk it imports statically. */
  firstPaint: number;
  /** The same plus the sections under the opening, whose chunk loads once the opening is painted. */
  all: number;
  files: number;
  withZod: boolean;
}

function landingJavaScript(): LandingJavaScript {
  const assets = path.join(DIST, 'assets');
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(DIST, 'index.html'), 'utf8'))![1]!;
  const read = (f: string) => readFileSync(path.join(assets, f));
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const m of read(file)
      .toString('utf8')
      .matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/gm))
      visit(m[1]!);
  };
  const gzipped = () => [...loaded].reduce((sum, f) => sum + gzipSync(read(f)).length, 0);
  visit(entry);
  const firstPaint = gzipped();
  const files = loaded.size;
  const withZod = [...loaded].some((f) => read(f).toString('utf8').includes('ZodError'));
  for (const f of readdirSync(assets).filter((f) => /^(LandingPage|BelowTheFold)-.*\.js$/.test(f))) visit(f);
  return { firstPaint, all: gzipped(), files, withZod };
}

interface PageTimes {
  studio: number;
  bare: number;
  studioRendered: number;
  bareRendered: number;
}

/**
 * Medians (ms since navigation) of the studio's landing page and the bare page: their first contentful
 * paint, and when their app has rendered into the page.
 */
function firstPaints(): Promise<PageTimes | undefined> {
  const options = { barePage: { entry: 'bare-router.tsx' } };
  return runInChromium('landing page figures', options, async ({ browser, studioUrl, bareUrl }) => {
    const studio: PageLoad[] = [];
    const bare: PageLoad[] = [];
    for (let round = 0; round < LOADS; round += 1) {
      studio.push(await loadPage(browser, `${studioUrl}/`));
      bare.push(await loadPage(browser, `${bareUrl}/`));
    }
    return {
      studio: median(studio.map((load) => load.paint)),
      bare: median(bare.map((load) => load.paint)),
      studioRendered: median(studio.map((load) => load.rendered)),
      bareRendered: median(bare.map((load) => load.rendered)),
    };
  });
}

/** Run in the page: resolves with the first contentful paint's time once the browser reports it. */
const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) =>
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntriesByName('first-contentful-paint')[0];
    if (!entry) return;
    observer.disconnect();
    resolve(entry.startTime);
  }).observe({ type: 'paint', buffered: true }))`;

/**
 * Run before the page's own scripts: notes when the app's React tree is first in #root. A page drawn at
 * build time has its buttons disabled until then (landing.html); a page the app draws has none before.
 */
const WATCH_APP_RENDER = `new MutationObserver((_, observer) => {
  const root = document.getElementById('root');
  if (!root?.firstElementChild || root.querySelector('button[disabled]')) return;
  observer.disconnect();
  window.appRenderedAt = performance.now();
}).observe(document, { childList: true, subtree: true })`;

interface PageLoad {
  paint: number;
  rendered: number;
}

function loadPage(browser: Browser, url: string): Promise<PageLoad> {
  return inFreshPage(browser, async (page) => {
    await page.addInitScript(WATCH_APP_RENDER);
    await page.goto(url);
    const paint = await page.evaluate<number>(FIRST_CONTENTFUL_PAINT);
    await page.waitForFunction('window.appRenderedAt !== undefined');
    return { paint, rendered: await page.evaluate<number>('window.appRenderedAt') };
  });
}
