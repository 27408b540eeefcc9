import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright';
import sharp from 'sharp';
import { generations, nodes, shots } from '../apps/server/src/db/schema';
import { storedFileUrl } from '../apps/server/src/services/assets/stored-files';
import { generationStoragePrefix } from '../apps/server/src/services/generations/update';
import { signIn, type SignedInUser } from '../apps/server/src/test/sign-in';
import type { TestApp } from '../apps/server/src/test/test-app';
import { awaitInPage, bundleForBrowser, inFreshPage, median, runInChromium, signInContext } from './chromium';
import { printComparisons, type Comparison } from './harness';
import { newMovie } from './movies';

/** Shots on the storyboard and takes on the generations screen (BENCH_SCREENS_SHOTS, BENCH_SCREENS_TAKES). */
const SHOTS = Number(process.env.BENCH_SCREENS_SHOTS ?? 300);
const TAKES = Number(process.env.BENCH_SCREENS_TAKES ?? 200);
/** Page loads of each side (alternating; BENCH_SCREENS_LOADS); the median is printed. */
const LOADS = Number(process.env.BENCH_SCREENS_LOADS ?? 5);
/** Requests are counted from navigation to all tiles shown and this long after (what the open sets off). */
const SETTLE_MS = 1_000;
/** Where the bench serves the bare page, on the studio's own origin (same API, same session). */
const BARE_PATH = '/bench-bare';

interface Screen {
  name: string;
  /** The tiles the page is done with: this many matching this selector, each picture loaded. */
  selector: string;
  count: number;
  studioPath: string;
  barePath: string;
}

interface Measured {
  ms: number;
  /** When every tile was in the page, pictures loaded or not. */
  inPageMs: number;
  /** Main-thread task time to that moment (Chromium's TaskDuration), in ms. */
  cpuMs: number;
  requests: RequestCount;
}

interface RequestCount {
  total: number;
  /** Calls of the API, pictures excluded. */
  api: number;
  /** Calls of the API by path with its ids left out: a kind of data. */
  kinds: Map<string, number>;
  pictures: number;
  scripts: number;
}

/**
 * The storyboard of a scene with 300 shots and the generations screen of a shot with 200 takes, in
 * Chromium, against a bare React page (the studio's React, production build) served by the same studio
 * on the same origin, that reads the same lists from the same API with the same session and draws the
 * same tiles. The movie is made through the API (scene and shots), each take as the engine leaves one:
 * a distinct JPEG in storage, status success, and its shot's display image set to the newest. For each:
 * time from navigation to every tile in the page with its picture loaded (a fresh context each load, as
 * a first visit), the main thread's busy time to then, and the requests the open makes. `npm run build`
 * first (the studio serves apps/web/dist).
 */
export async function benchScreens(): Promise<void> {
  const [bare, tiles] = await Promise.all([
    bundleForBrowser('bare-tiles.tsx', 'page'),
    bundleForBrowser('tiles.ts', 'script'),
  ]);
  const options = {
    port: Number(process.env.BENCH_SCREENS_PORT ?? 0),
    beforeListen: (t: TestApp) => serveBarePage(t, bare.js),
  };
  await runInChromium('screens figures', options, async ({ browser, t, studioUrl }) => {
    const user = await signIn(t, 'bench@example.com');
    const seeded = await seedMovie(t, user);
    const screens: Screen[] = [
      {
        name: `storyboard, ${SHOTS} shots`,
        selector: '[data-tile-id]',
        count: SHOTS,
        studioPath: `/scenes/${seeded.movieId}/shots/${seeded.sceneId}`,
        barePath: `${BARE_PATH}?shots=${seeded.sceneId}`,
      },
      {
        name: `generations screen, ${TAKES} takes`,
        selector: '[data-generation-id]',
        count: TAKES,
        studioPath: `/scenes/${seeded.movieId}/shots/${seeded.sceneId}/shots/${seeded.shotId}/workflow/all_workflows`,
        barePath: `${BARE_PATH}?takes=${seeded.shotId}&movie=${seeded.movieId}`,
      },
    ];
    const times: Comparison[] = [];
    const inPage: Comparison[] = [];
    const cpu: Comparison[] = [];
    const counts: string[] = [];
    for (const screen of screens) {
      const figures = { studio: [] as Measured[], bare: [] as Measured[] };
      for (let round = 0; round < LOADS; round += 1) {
        for (const side of ['studio', 'bare'] as const) {
          const url = `${studioUrl}${side === 'studio' ? screen.studioPath : screen.barePath}`;
          const open = { url, user, studioUrl, tilesScript: tiles.js };
          figures[side].push(await measureLoad(browser, screen, side, open));
        }
      }
      const pick = (side: 'studio' | 'bare', figure: (m: Measured) => number) =>
        median(figures[side].map(figure));
      times.push({
        name: `${screen.name}: time to all tiles (pictures loaded)`,
        figure: pick('studio', (m) => m.ms),
        baseline: pick('bare', (m) => m.ms),
        unit: 'ms',
        higherIsBetter: false,
        target: '>= 0.6',
      });
      inPage.push({
        name: `${screen.name}: every tile in the page (pictures or not)`,
        figure: pick('studio', (m) => m.inPageMs),
        baseline: pick('bare', (m) => m.inPageMs),
        unit: 'ms',
        higherIsBetter: false,
      });
      cpu.push({
        name: `${screen.name}: main thread busy to all tiles`,
        figure: pick('studio', (m) => m.cpuMs),
        baseline: pick('bare', (m) => m.cpuMs),
        unit: 'ms',
        higherIsBetter: false,
      });
      for (const side of ['studio', 'bare'] as const) {
        const last = figures[side].at(-1)!.requests;
        const kinds = [...last.kinds].map(([kind, n]) => (n > 1 ? `${kind} x${n}` : kind)).join(', ');
        counts.push(
          `${screen.name}, ${side}: ${last.total} requests (${last.api} API calls, ${last.pictures} pictures, ${last.scripts} scripts): ${kinds}`,
        );
      }
    }
    printComparisons(
      'Storyboard and generations screens in Chromium vs a bare React page (same data, API and session)',
      [...times, ...inPage, ...cpu],
    );
    console.log(
      `Requests on open (to all tiles + ${SETTLE_MS} ms; a picture is its stable address and the storage link it redirects to):`,
    );
    for (const line of counts) console.log(`  ${line}`);
  });
}

/** One fresh browser context (a cold cache, as a first visit), signed in as the web client leaves it. */
function measureLoad(
  browser: Browser,
  screen: Screen,
  side: 'studio' | 'bare',
  open: { url: string; user: SignedInUser; studioUrl: string; tilesScript: string },
): Promise<Measured> {
  return inFreshPage(browser, async (page, context) => {
    await signInContext(context, open.user, open.studioUrl);
    await page.addInitScript({ content: open.tilesScript });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const debug = Boolean(process.env.BENCH_SCREENS_DEBUG);
    if (debug) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(open.url, { waitUntil: 'commit' });
    const done = await awaitInPage<{ ms: number; inPageMs: number }>(
      page,
      `window.benchTiles.allTiles(${JSON.stringify(screen.selector)}, ${screen.count})`,
      {
        name: `screens-bench-${side}`,
        timeoutMs: 120_000,
        stateExpression: `window.benchTiles.state(${JSON.stringify(screen.selector)})`,
      },
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const cpuMs = (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
    // BENCH_SCREENS_DEBUG: where each page spent its main thread to all tiles, and a screenshot.
    if (debug) {
      const { profile } = await cdp.send('Profiler.stop');
      const timeline = await page.evaluate<string>(`performance.getEntriesByType('resource')
        .filter((e) => !/utils\\/file|storage/.test(e.name))
        .map((e) => e.name.replace(location.origin, '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id').slice(0, 50)
          + ' ' + Math.round(e.startTime) + '-' + Math.round(e.responseEnd)).join('\\n    ')`);
      console.log(`${screen.name}, ${side}:`, done, `busy ${Math.round(cpuMs)} ms;`, topFunctions(profile));
      console.log(`    ${timeline}`);
    }
    await page.waitForTimeout(SETTLE_MS);
    if (debug) {
      await page.screenshot({
        path: path.join(tmpdir(), `cinegraph-screens-bench-${side}-${screen.count}.png`),
      });
    }
    return {
      ms: done.ms,
      inPageMs: done.inPageMs,
      cpuMs,
      requests: countRequests(requested, open.studioUrl),
    };
  });
}

/** The functions with the most self time in a CPU profile (`name file:line ms`), for BENCH_SCREENS_DEBUG. */
function topFunctions(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}): string {
  const self = new Map<number, number>();
  profile.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + (self.get(node.id) ?? 0) / 1000);
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, ms]) => `\n    ${name} ${Math.round(ms)} ms`)
    .join('');
}

/** Requests by what they fetch; API calls by path with ids replaced (`/shots/scene/:id`). */
function countRequests(urls: readonly string[], origin: string): RequestCount {
  const count: RequestCount = { total: urls.length, api: 0, kinds: new Map(), pictures: 0, scripts: 0 };
  for (const url of urls) {
    if (!url.startsWith(origin)) continue;
    const { pathname } = new URL(url);
    if (pathname === '/api/v1/utils/file' || pathname.startsWith('/storage/')) count.pictures += 1;
    else if (pathname.startsWith('/api/v1/')) {
      count.api += 1;
      const kind = `GET ${pathname.slice('/api/v1'.length).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;
      count.kinds.set(kind, (count.kinds.get(kind) ?? 0) + 1);
    } else if (pathname.endsWith('.js')) count.scripts += 1;
  }
  return count;
}

interface Seeded {
  movieId: string;
  sceneId: string;
  /** The shot with TAKES takes. */
  shotId: string;
}

/**
 * A movie of the user with one scene of SHOTS shots, made through the API; every shot has a take (the
 * first shot TAKES of them), each a distinct JPEG stored as the engine stores a take, and its display
 * image set to its newest take's, as a finished take sets it.
 */
async function seedMovie(t: TestApp, user: SignedInUser): Promise<Seeded> {
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const response = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { cookie: user.cookie },
      ...(payload && { payload }),
    });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json<T>();
  };
  const movieId = await newMovie(t, user);
  const scene = await call<{ _id: string }>('POST', `/scenes?movie_id=${movieId}`, {});
  const shotIds: string[] = [];
  for (let i = 0; i < SHOTS; i += 1) {
    const shot = await call<{ _id: string }>('POST', `/shots?scene_id=${scene._id}&movie_id=${movieId}`, {});
    await call('POST', `/shots/update/${shot._id}?movie_id=${movieId}`, {
      description: `Shot ${i + 1}: the harbour at dawn, a boat leaves the quay`,
    });
    shotIds.push(shot._id);
  }
  // The workflow node whose takes they are (its workflow file plays no part in showing them).
  const [workflow] = await t.db
    .insert(nodes)
    .values({
      movieId,
      name: 'Wan 2.2 text to video',
      type: 'workflow',
      level: 'editor',
      positionX: 0,
      positionY: 0,
      inputHandles: [{ id: 'prompt', name: 'Prompt', type: 'text' }],
      outputHandles: [{ id: 'output', name: 'output', type: 'image' }],
    })
    .returning({ id: nodes.id });
  const takes = [
    ...Array.from({ length: TAKES }, (_, index) => ({ shotId: shotIds[0]!, index })),
    ...shotIds.slice(1).map((shotId) => ({ shotId, index: 0 })),
  ];
  const finishedAt = new Date();
  const rows = await t.db
    .insert(generations)
    .values(
      takes.map((take) => ({
        movieId,
        workflowNodeId: workflow!.id,
        shotId: take.shotId,
        level: 'shot' as const,
        status: 'success' as const,
        index: take.index,
        finishedAt,
        workflowInputs: { prompt: { type: 'text', name: 'Prompt', value: 'the harbour at dawn' } },
      })),
    )
    .returning({ id: generations.id, shotId: generations.shotId });
  const newest = new Map<string, string>();
  for (const [i, row] of rows.entries()) {
    const key = `${generationStoragePrefix(movieId, row.id)}output.jpg`;
    await t.storage.put(key, await picture(i), 'image/jpeg');
    const url = storedFileUrl(t.config.publicUrl, key);
    const output = { type: 'image' as const, url, display_image: url };
    await t.db.update(generations).set({ output }).where(eq(generations.id, row.id));
    newest.set(row.shotId!, url);
  }
  for (const [shotId, image] of newest) {
    await t.db.update(shots).set({ displayImage: image }).where(eq(shots.id, shotId));
  }
  return { movieId, sceneId: scene._id, shotId: shotIds[0]! };
}

/** A distinct 320x180 JPEG (a colour of its own and a gradient), about the size of a display image. */
async function picture(i: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},60%,40%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},60%,20%)"/></linearGradient></defs><rect width="320" height="180" fill="url(#g)"/><text x="20" y="100" font-size="48" fill="white">${i + 1}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** The bare page and its script, served by the studio itself: same origin, same session cookie. */
function serveBarePage(t: TestApp, script: string): void {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"></head>' +
    `<body style="margin:0;background:#111;color:#eee"><div id="root"></div><script type="module" src="${BARE_PATH}.js"></script></body></html>`;
  t.app.get(BARE_PATH, (_request, reply) => reply.type('text/html').send(html));
  t.app.get(`${BARE_PATH}.js`, (_request, reply) => reply.type('text/javascript').send(script));
}
