import type { Browser, CDPSession, Page } from 'playwright';
import { signIn, type SignedInUser } from '../apps/server/src/test/sign-in';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { awaitInPage, bundleForBrowser, inFreshPage, median, runInChromium, signInContext } from './chromium';
import {
  autoPanFramesPerSecond,
  dragFramesPerSecond,
  framesPerSecond,
  putNodesBack,
  seedMovie,
  type Graph,
} from './editor-canvas.bench';

/**
 * The editor canvas of two web builds, interleaved (ABBA rounds, each page load a fresh context): this
 * worktree's apps/web/dist against another build's dist folder, each served by its own studio on
 * PGlite with the same movie. Besides the wall-clock figures of editor-canvas.bench.ts it reads the
 * page's main-thread time from Chromium (Performance.getMetrics TaskDuration), steadier than frames per
 * second on a loaded machine: at first render, and per frame drawn while dragging; and what rastering
 * the first view costs (rasterMs).
 *
 *   npx tsx bench/editor-ab.ts /path/to/other/dist
 *
 * BENCH_AB_SIZES (200,1000), BENCH_AB_ROUNDS (4), BENCH_AB_PORT (4801; the other build on the next).
 */
const OTHER_DIST = process.argv[2];
if (!OTHER_DIST) throw new Error('Usage: npx tsx bench/editor-ab.ts <other dist folder>');
const SIZES = (process.env.BENCH_AB_SIZES ?? '200,1000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 4);
const PORT = Number(process.env.BENCH_AB_PORT ?? 4801);
const ONLY_FIRST_RENDER = process.env.BENCH_AB_FIRST_RENDER === '1';

interface Build {
  name: 'this' | 'other';
  t: TestApp;
  url: string;
  user?: SignedInUser;
  graph?: Graph;
}

type Figures = Record<string, number>;

/** CPU seconds so far of Chromium's renderer and GPU processes, by process id. */
async function processCpu(browserCdp: CDPSession): Promise<Map<number, number>> {
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number; cpuTime: number }[];
  };
  return new Map(processInfo.filter((p) => p.type !== 'browser').map((p) => [p.id, p.cpuTime]));
}

/** CPU milliseconds the renderer and GPU processes spent since `before` (processes gone since are left out). */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [id, cpu] of after) seconds += cpu - (before.get(id) ?? 0);
  return seconds * 1000;
}

/** The page's main-thread time so far, in seconds, by kind. */
async function taskSeconds(cdp: CDPSession) {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    task: get('TaskDuration'),
    script: get('ScriptDuration'),
    style: get('RecalcStyleDuration'),
    layout: get('LayoutDuration'),
  };
}

/**
 * What rastering the first view costs in software, as the bench's Chromium (and a laptop without GPU
 * raster) does at every frame of a pan: replaying every composited layer's drawing, best of 5 (CPU
 * work in the page's process, steadier than frames per second on a loaded machine).
 */
async function rasterMs(page: Page, cdp: CDPSession): Promise<number> {
  let layers: { layerId: string; drawsContent: boolean }[] = [];
  const seen = new Promise<void>((resolve) =>
    cdp.on('LayerTree.layerTreeDidChange', (event) => {
      if (event.layers) {
        layers = event.layers;
        resolve();
      }
    }),
  );
  await cdp.send('LayerTree.enable');
  // A pixel drawn and taken away: a frame, so that Chromium sends its layers.
  await page.evaluate(`{
    const dot = document.createElement('div');
    dot.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;background:#000';
    document.body.append(dot);
    requestAnimationFrame(() => requestAnimationFrame(() => dot.remove()));
  }`);
  await seen;
  await page.waitForTimeout(200);
  let ms = 0;
  for (const layer of layers.filter((l) => l.drawsContent)) {
    // A canvas (the minimap) is a picture Chromium does not replay.
    const snapshot = await cdp.send('LayerTree.makeSnapshot', { layerId: layer.layerId }).catch(() => null);
    if (!snapshot) continue;
    const { timings } = await cdp.send('LayerTree.profileSnapshot', {
      snapshotId: snapshot.snapshotId,
      minRepeatCount: 5,
    });
    const best = timings[0]!.map((_, i) => Math.min(...timings.map((run) => run[i] ?? Infinity)));
    ms += best.reduce((a, b) => a + b, 0) * 1000;
    await cdp.send('LayerTree.releaseSnapshot', { snapshotId: snapshot.snapshotId });
  }
  await cdp.send('LayerTree.disable');
  return ms;
}

async function measure(
  browser: Browser,
  browserCdp: CDPSession,
  build: Build,
  inPage: string,
): Promise<Figures> {
  // Each round opens the graph as seeded: an earlier round's drag and auto-pan saved their moves.
  await putNodesBack(build.t, build.graph!);
  return inFreshPage(browser, async (page, context) => {
    const startCpu = await processCpu(browserCdp);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.addInitScript({ content: inPage });
    await signInContext(context, build.user!, build.url);
    await page.goto(`${build.url}/movies/${build.graph!.movieId}/editor`);
    const first = await awaitInPage<{ ms: number; nodes: number }>(page, 'window.benchCanvas.firstRender()', {
      name: `editor-ab-${build.name}`,
      timeoutMs: 180_000,
      stateExpression: 'window.benchCanvas.state()',
    });
    const atFirst = await taskSeconds(cdp);
    const firstCpuMs = cpuSince(startCpu, await processCpu(browserCdp));
    const figures: Figures = {
      firstMs: first.ms,
      firstCpuMs,
      firstTaskMs: atFirst.task * 1000,
      firstScriptMs: atFirst.script * 1000,
      firstStyleMs: atFirst.style * 1000,
      firstLayoutMs: atFirst.layout * 1000,
    };
    if (process.env.BENCH_AB_SHOT) {
      await page.waitForTimeout(1_000);
      await page
        .locator('.react-flow__minimap')
        .screenshot({ path: `${process.env.BENCH_AB_SHOT}-${build.name}-${first.nodes}.png` });
    }
    figures.rasterMs = await rasterMs(page, cdp);
    if (ONLY_FIRST_RENDER) return figures;
    await page.waitForTimeout(1_000);
    const perFrame = async (name: string, run: () => Promise<number>) => {
      const before = await taskSeconds(cdp);
      const cpuBefore = await processCpu(browserCdp);
      const started = Date.now();
      const fps = await run();
      const seconds = (Date.now() - started) / 1000;
      const after = await taskSeconds(cdp);
      const cpu = cpuSince(cpuBefore, await processCpu(browserCdp));
      figures[`${name}Fps`] = fps;
      figures[`${name}CpuMsPerFrame`] = cpu / Math.max(1, fps * seconds);
      // Main-thread time per frame drawn (the frames counted over the measured part only).
      figures[`${name}MsPerFrame`] = ((after.task - before.task) * 1000) / Math.max(1, fps * seconds);
    };
    await perFrame('drag', () => dragFramesPerSecond(page));
    await page.waitForTimeout(500);
    await perFrame('idle', () => framesPerSecond(page, () => page.waitForTimeout(2_000)));
    await perFrame('autoPan', () => autoPanFramesPerSecond(page));
    return figures;
  });
}

await runInChromium('editor A/B', { port: PORT }, async ({ browser, t, studioUrl }) => {
  const otherUrl = `http://127.0.0.1:${PORT + 1}`;
  const other = await createTestApp({ env: { PUBLIC_URL: otherUrl, WEB_DIST: OTHER_DIST } });
  await other.app.listen({ port: PORT + 1, host: '127.0.0.1' });
  try {
    const inPage = (await bundleForBrowser('measure.ts', 'script')).js;
    const browserCdp = await browser.newBrowserCDPSession();
    const builds: Build[] = [
      { name: 'this', t, url: studioUrl },
      { name: 'other', t: other, url: otherUrl },
    ];
    for (const build of builds) build.user = await signIn(build.t, 'bench@example.com');
    for (const size of SIZES) {
      for (const build of builds) build.graph = await seedMovie(build.t, build.user!, size);
      const results: Record<Build['name'], Figures[]> = { this: [], other: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order)
          results[build.name].push(await measure(browser, browserCdp, build, inPage));
      }
      console.log(
        `\n${size} nodes, ${ROUNDS} rounds, medians (this build / other build = ratio); load ${(
          await import('node:os')
        )
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
      );
      for (const key of Object.keys(results.this[0]!)) {
        const a = median(results.this.map((f) => f[key]!));
        const b = median(results.other.map((f) => f[key]!));
        const all = (name: Build['name']) => results[name].map((f) => f[key]!.toFixed(1)).join(' ');
        console.log(
          `  ${key.padEnd(18)} ${a.toFixed(1).padStart(8)} / ${b.toFixed(1).padStart(8)} = ${(a / b).toFixed(2)}   [${all('this')}] vs [${all('other')}]`,
        );
      }
    }
  } finally {
    await other.close();
  }
});
