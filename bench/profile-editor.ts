import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession } from 'playwright';
import { signIn } from '../apps/server/src/test/sign-in';
import {
  awaitInPage,
  bundleForBrowser,
  inFreshPage,
  median,
  runInChromium,
  signInContext,
  type PageFile,
} from './chromium';
import { autoPanFramesPerSecond, dragFramesPerSecond, seedMovie } from './editor-canvas.bench';

/**
 * Where the editor's first render spends its time (scratch tool, not a bench): opens the editor of a
 * movie of BENCH_PROFILE_SIZE nodes (1000) in Chromium under the V8 CPU profiler and prints the
 * profile's self time by script file and by function, and Chromium's counts of style recalculations
 * and layouts. The .cpuprofile is kept in the temporary folder (open it in DevTools). The studio is
 * started for the run: its first answers include once-per-process costs (BENCH_PROFILE_WARM=1 opens
 * the editor once before the profiled visit, as a server that has answered it before).
 *
 * BENCH_PROFILE_PHASE=drag or autopan profiles that phase instead; with BENCH_PROFILE_TRACE=1 it traces
 * every process's threads through it (raster, compositor, display: what a frame waits on off the main
 * thread), prints each thread's CPU, the main thread's per frame, the page's composited layers and what
 * replaying each layer's drawing costs by kind of Skia command (BENCH_PROFILE_COMMANDS=<prefix> keeps
 * each command with its cost). BENCH_PROFILE_STYLE adds CSS to the page before the phase, to try what
 * a style costs; BENCH_PROFILE_INVALIDATIONS=1 traces why Chromium restyles, lays out and repaints.
 *
 *   npx tsx bench/profile-editor.ts
 */
const SIZE = Number(process.env.BENCH_PROFILE_SIZE ?? 1000);
const PORT = Number(process.env.BENCH_AB_PORT ?? 4803);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

function printSelfTime(profile: Profile, untilUs: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]!;
    if (at > untilUs) return;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)!;
    const file = callFrame.url.replace(/^.*\//, '') || `(${callFrame.functionName || 'native'})`;
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    const fn = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`)
      .join('\n');
  console.log(`self time by file:\n${top(byFile, 25)}\nself time by function:\n${top(byFunction, 40)}`);
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

let bareGraph = '';
const graphFile: PageFile = ['application/json', () => bareGraph];
const barePage = { entry: 'bare-flow.tsx', extra: { '/graph.json': graphFile } };
const BARE = process.env.BENCH_PROFILE_BARE === '1';
const TRACE = process.env.BENCH_PROFILE_TRACE === '1';
/** BENCH_PROFILE_WARM=1: the studio opens the editor once before the profiled visit. */
const WARM = process.env.BENCH_PROFILE_WARM === '1';
/** `drag` or `autopan`: profile that instead of the first render. */
const PHASE = process.env.BENCH_PROFILE_PHASE;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (steadier than `dur` on a loaded machine). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; type?: string; frame?: string } };
}

/**
 * The renderer main thread's tasks from navigation to the first render, each with its time by kind
 * (script by file, style, layout, paint...), so the studio's tasks can be set beside the bare page's.
 */
function printTasks(events: TraceEvent[]): void {
  // BENCH_PROFILE_CPU=1: each kind's thread CPU time instead of its wall time.
  const cost = (e: TraceEvent) => (process.env.BENCH_PROFILE_CPU === '1' ? (e.tdur ?? e.dur) : e.dur) ?? 0;
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      (e.args as { name?: string })?.name === 'CrRendererMain' &&
      events.some((x) => x.pid === e.pid && x.name === 'FunctionCall'),
  );
  if (!main) return console.log('no renderer main thread');
  const mine = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? mine[0]!.ts;
  const tasks = mine.filter((e) => e.name === 'RunTask');
  const totals = new Map<string, { ms: number; count: number }>();
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const kinds = new Map<string, number>();
    // Only the outermost events of each kind inside the task count (no double counting of nesting).
    let coveredUntil = 0;
    for (const e of inside) {
      if (e.ts < coveredUntil) continue;
      const kind =
        e.name === 'FunctionCall' ||
        e.name === 'EvaluateScript' ||
        // A module's first run (the entry's, a chunk's), the studio's largest task before its reads.
        e.name === 'v8.evaluateModule' ||
        e.name === 'v8.compile' ||
        e.name === 'TimerFire' ||
        e.name === 'FireAnimationFrame' ||
        e.name === 'EventDispatch' ||
        e.name === 'V8.Execute' ||
        e.name === 'v8.run' ||
        e.name === 'RunMicrotasks'
          ? `script`
          : e.name;
      if (
        ![
          'script',
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'PrePaint',
          'Layerize',
          'ParseHTML',
          'ParseAuthorStyleSheet',
          'Commit',
          'HitTest',
          'IntersectionObserverController::computeIntersections',
          'ResizeObserver::BroadcastObservations',
        ].includes(kind)
      )
        continue;
      kinds.set(kind, (kinds.get(kind) ?? 0) + cost(e) / 1000);
      coveredUntil = kind === 'script' ? e.ts + (e.dur ?? 0) : coveredUntil;
    }
    // Style and layout nested in script (forced) count separately as well.
    for (const e of inside) {
      if (e.name === 'UpdateLayoutTree' || e.name === 'Layout') {
        const k = `${e.name}(all)`;
        kinds.set(k, (kinds.get(k) ?? 0) + cost(e) / 1000);
        const total = totals.get(e.name) ?? { ms: 0, count: 0 };
        totals.set(e.name, { ms: total.ms + cost(e) / 1000, count: total.count + 1 });
      }
    }
    const ms = (task.dur ?? 0) / 1000;
    if (ms < 8) continue;
    const parts = [...kinds]
      .filter(([, v]) => v >= 1)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    console.log(
      `  ${((task.ts - nav) / 1000).toFixed(0).padStart(6)} +${ms.toFixed(0).padStart(4)} ms  ${parts}`,
    );
  }
  console.log([...totals].map(([k, v]) => `${k}: ${v.count} x, ${v.ms.toFixed(0)} ms`).join('; '));
}

/** Chromium's trace categories of a frame's making: main thread, compositor, raster, display. */
const FRAME_CATEGORIES = [
  'toplevel',
  'cc',
  'viz',
  'gpu',
  'benchmark',
  'blink',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  ...(process.env.BENCH_PROFILE_INVALIDATIONS
    ? ['disabled-by-default-devtools.timeline.invalidationTracking']
    : []),
].join(',');

interface Layer {
  layerId: string;
  width: number;
  height: number;
  drawsContent: boolean;
  paintCount?: number;
}

/** Follows the page's composited layers (CDP LayerTree): the last tree seen. */
async function followLayers(cdp: CDPSession): Promise<() => Layer[]> {
  let last: Layer[] = [];
  cdp.on('LayerTree.layerTreeDidChange', (event) => {
    const layers = (event as { layers?: Layer[] }).layers;
    if (layers) last = layers;
  });
  await cdp.send('LayerTree.enable');
  return () => last;
}

/**
 * The layers and what rastering each costs, by kind of drawing command (LayerTree's snapshot
 * profile, in software as the bench's Chromium rasters): which of the page's drawings are dear.
 */
async function printRaster(cdp: CDPSession, layers: Layer[]): Promise<void> {
  console.log(
    `${layers.length} layers: ${layers
      .filter((l) => l.drawsContent)
      .map((l) => `${l.width}x${l.height} painted ${l.paintCount ?? 0}`)
      .join(', ')}`,
  );
  for (const layer of layers.filter((l) => l.drawsContent && l.width * l.height > 0)) {
    await printLayerRaster(cdp, layer);
  }
}

/** What replaying a layer's drawing costs (best of 5), by kind of Skia command. */
async function printLayerRaster(cdp: CDPSession, layer: Layer): Promise<void> {
  const { snapshotId } = (await cdp.send('LayerTree.makeSnapshot', { layerId: layer.layerId })) as {
    snapshotId: string;
  };
  const { timings } = (await cdp.send('LayerTree.profileSnapshot', { snapshotId, minRepeatCount: 5 })) as {
    timings: number[][];
  };
  const { commandLog } = (await cdp.send('LayerTree.snapshotCommandLog', { snapshotId })) as unknown as {
    commandLog: { method: string; params?: Record<string, unknown> }[];
  };
  const best = commandLog.map((_, i) => Math.min(...timings.map((run) => run[i] ?? Infinity)));
  const byKind = new Map<string, { ms: number; count: number }>();
  commandLog.forEach((command, i) => {
    const paint = command.params?.paint as Record<string, unknown> | undefined;
    const kind = `${command.method}${paint?.styleName ? ` ${String(paint.styleName)}` : ''}${paint?.maskFilter ? ' masked' : ''}`;
    const entry = byKind.get(kind) ?? { ms: 0, count: 0 };
    byKind.set(kind, { ms: entry.ms + best[i]! * 1000, count: entry.count + 1 });
  });
  const total = best.reduce((a, b) => a + b, 0) * 1000;
  console.log(
    `raster of the ${layer.width}x${layer.height} layer: ${total.toFixed(1)} ms, ${commandLog.length} commands`,
  );
  for (const [kind, { ms, count }] of [...byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${String(count).padStart(6)} x ${kind}`);
  if (process.env.BENCH_PROFILE_COMMANDS) {
    writeFileSync(
      `${process.env.BENCH_PROFILE_COMMANDS}-${layer.width}x${layer.height}.json`,
      JSON.stringify(commandLog.map((c, i) => ({ ...c, ms: best[i]! * 1000 }))),
    );
  }
}

/**
 * Each thread's busy time in the trace (its outermost events' wall and CPU time) and its costliest
 * kinds of event by CPU time, so a frame's wait off the main thread shows where it is.
 */
function printThreads(events: TraceEvent[]): void {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph !== 'M') continue;
    const name = (e.args as { name?: string } | undefined)?.name ?? '';
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, name);
    if (e.name === 'process_name') names.set(`${e.pid}`, name);
  }
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X') continue;
    const key = `${e.pid}:${e.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const xs = events.filter((e) => e.ph === 'X' || e.ph === 'B');
  const span = (Math.max(...xs.map((e) => e.ts + (e.dur ?? 0))) - Math.min(...xs.map((e) => e.ts))) / 1000;
  console.log(`trace span ${span.toFixed(0)} ms`);
  const rows = [...byThread].map(([key, list]) => {
    list.sort((a, b) => a.ts - b.ts);
    let wall = 0;
    let cpu = 0;
    let until = 0;
    const kinds = new Map<string, number>();
    for (const e of list) {
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
      if (e.ts < until) continue;
      until = e.ts + (e.dur ?? 0);
      wall += (e.dur ?? 0) / 1000;
      cpu += (e.tdur ?? 0) / 1000;
    }
    const top = [...kinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, ms]) => `${k} ${ms.toFixed(0)}`)
      .join(', ');
    const pid = key.split(':')[0]!;
    return {
      wall,
      text: `${names.get(pid) ?? pid}/${names.get(key) ?? key}: busy ${wall.toFixed(0)} ms (cpu ${cpu.toFixed(0)}) - ${top}`,
    };
  });
  for (const row of rows.sort((a, b) => b.wall - a.wall).slice(0, 16)) console.log(`  ${row.text}`);
  const count = (name: string) => events.filter((e) => e.name === name).length;
  console.log(
    [
      'RasterTask',
      'Paint',
      'Commit',
      'DrawFrame',
      'BeginFrame',
      'DisplayScheduler::DrawAndSwap',
      'PipelineReporter',
      'ActivateLayerTree',
    ]
      .map((n) => `${n} ${count(n)}`)
      .join(', '),
  );
  printMainFrames(events, names);
}

/**
 * The renderer main thread's CPU time per frame it began (ProxyMain::BeginMainFrame), by kind, median
 * and mean over the phase, and its CPU time outside frames (React's own tasks, input): where the
 * studio's frames spend more than the bare page's.
 */
function printMainFrames(events: TraceEvent[], names: Map<string, string>): void {
  const mains = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && names.get(key) === 'CrRendererMain') mains.set(key, (mains.get(key) ?? 0) + 1);
  }
  const main = [...mains].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return;
  const mine = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts);
  const frames = mine.filter((e) => e.name === 'ProxyMain::BeginMainFrame').slice(1);
  const kinds = [
    'FireAnimationFrame',
    'EventDispatch',
    'Layout',
    'UpdateLayoutTree',
    'PrePaint',
    'Paint',
    'Layerize',
    'HitTest',
    'Commit',
  ];
  const per = new Map<string, number[]>([['frame', []], ...kinds.map((k): [string, number[]] => [k, []])]);
  for (const frame of frames) {
    const end = frame.ts + (frame.dur ?? 0);
    const inside = mine.filter((e) => e.ts >= frame.ts && e.ts < end);
    per.get('frame')!.push((frame.tdur ?? 0) / 1000);
    for (const kind of kinds) {
      // Outermost events of the kind only (a Paint holds the Paint of its layers).
      let until = 0;
      let ms = 0;
      for (const e of inside) {
        if (e.name !== kind || e.ts < until) continue;
        until = e.ts + (e.dur ?? 0);
        ms += (e.tdur ?? 0) / 1000;
      }
      per.get(kind)!.push(ms);
    }
  }
  const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const taskMs = tasks.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  const frameMs = per.get('frame')!.reduce((a, b) => a + b, 0);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  console.log(
    `main thread: ${frames.length} frames begun, CPU ${taskMs.toFixed(0)} ms, of it outside frames ${(taskMs - frameMs).toFixed(0)} ms; per frame (median / mean ms): ` +
      [...per].map(([k, v]) => `${k} ${median(v).toFixed(1)}/${mean(v).toFixed(1)}`).join(', '),
  );
}

await runInChromium(
  'editor profile',
  { port: PORT, barePage },
  async ({ browser, t, studioUrl, bareUrl }) => {
    const user = await signIn(t, 'bench@example.com');
    const graph = await seedMovie(t, user, SIZE);
    const { movieId } = graph;
    bareGraph = JSON.stringify({ ...graph, zoom: 0.8, minZoom: 0.05, fitPadding: 0.1 });
    const inPage = (await bundleForBrowser('measure.ts', 'script')).js;
    if (WARM && !BARE) {
      // A first visit to a server that has answered the editor before: its first answer of each read
      // compiles serializers and warms the database, once per process.
      await inFreshPage(browser, async (page, context) => {
        await signInContext(context, user, studioUrl);
        await page.addInitScript({ content: inPage });
        await page.goto(`${studioUrl}/movies/${movieId}/editor`);
        await page.evaluate('window.benchCanvas.firstRender()');
      });
    }
    await inFreshPage(browser, async (page, context) => {
      await signInContext(context, user, studioUrl);
      await page.addInitScript({ content: inPage });
      // Same origin first, so the editor loads in the process the profiler is attached to.
      await page.goto(BARE ? `${bareUrl}/graph.json` : `${studioUrl}/favicon.svg`);
      const cdp = await context.newCDPSession(page);
      const traceEvents: TraceEvent[] = [];
      await cdp.send('Performance.enable');
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      if (TRACE) {
        cdp.on('Tracing.dataCollected', (data) =>
          traceEvents.push(...(data.value as unknown as TraceEvent[])),
        );
        await cdp.send('Tracing.start', {
          categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading',
        });
      } else await cdp.send('Profiler.start');
      const before = await metrics(cdp);
      await page.goto(BARE ? `${bareUrl}/?visible` : `${studioUrl}/movies/${movieId}/editor`);
      const first = await awaitInPage<{ ms: number; nodes: number }>(
        page,
        'window.benchCanvas.firstRender()',
        {
          name: 'editor-profile',
          timeoutMs: 180_000,
          stateExpression: 'window.benchCanvas.state()',
        },
      );
      const after = await metrics(cdp);
      if (PHASE && TRACE) {
        // A trace of every process's threads (the compositor, raster and display threads) during the
        // phase, not only the main thread's: a frame may wait on raster or compositing.
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        await done;
        traceEvents.length = 0;
        // BENCH_PROFILE_STYLE: CSS added to the page before the phase (to try what a style costs).
        if (process.env.BENCH_PROFILE_STYLE)
          await page.addStyleTag({ content: process.env.BENCH_PROFILE_STYLE });
        await page.waitForTimeout(1_000);
        const layers = await followLayers(cdp);
        const browserCdp = await browser.newBrowserCDPSession();
        const phaseEvents: TraceEvent[] = [];
        browserCdp.on('Tracing.dataCollected', (data) =>
          phaseEvents.push(...(data.value as unknown as TraceEvent[])),
        );
        await browserCdp.send('Tracing.start', { categories: FRAME_CATEGORIES });
        const fps = await (PHASE === 'drag' ? dragFramesPerSecond(page) : autoPanFramesPerSecond(page));
        const ended = new Promise((resolve) => browserCdp.once('Tracing.tracingComplete', resolve));
        await browserCdp.send('Tracing.end');
        await ended;
        const file = path.join(tmpdir(), `editor-${BARE ? 'bare-' : ''}${SIZE}-${PHASE}.trace.json`);
        writeFileSync(file, JSON.stringify({ traceEvents: phaseEvents }));
        console.log(`${PHASE} ${fps.toFixed(1)} fps; trace ${file}`);
        printThreads(phaseEvents);
        await printRaster(cdp, layers());
        return;
      }
      if (PHASE) {
        // The profile of a drag instead of the first render.
        await cdp.send('Profiler.stop');
        await page.waitForTimeout(1_000);
        const m0 = await metrics(cdp);
        await cdp.send('Profiler.start');
        const fps = await (PHASE === 'drag' ? dragFramesPerSecond(page) : autoPanFramesPerSecond(page));
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        const m1 = await metrics(cdp);
        const file = path.join(tmpdir(), `editor-${BARE ? 'bare-' : ''}${SIZE}-${PHASE}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        const d = (name: string) => (m1[name]! - (m0[name] ?? 0)).toFixed(name.endsWith('Count') ? 0 : 3);
        console.log(
          `${PHASE} ${fps.toFixed(1)} fps; task ${d('TaskDuration')} s, script ${d('ScriptDuration')} s, style ${d('RecalcStyleDuration')} s in ${d('RecalcStyleCount')}, layout ${d('LayoutDuration')} s in ${d('LayoutCount')}; ${file}`,
        );
        return;
      }
      if (TRACE) {
        const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.end');
        await done;
        const traceFile = path.join(tmpdir(), `editor-${BARE ? 'bare-' : ''}${SIZE}.trace.json`);
        writeFileSync(traceFile, JSON.stringify({ traceEvents }));
        printTasks(traceEvents);
        console.log(`trace ${traceFile} (open it in DevTools' Performance panel)`);
        console.log(await page.evaluate('window.benchCanvas.state()'));
        return;
      }
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const file = path.join(tmpdir(), `editor-${BARE ? 'bare-' : ''}${SIZE}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      const d = (name: string) =>
        (after[name]! - (before[name] ?? 0)).toFixed(name.endsWith('Count') ? 0 : 3);
      console.log(
        `first render ${first.ms.toFixed(0)} ms, ${first.nodes} nodes; task ${d('TaskDuration')} s, script ${d('ScriptDuration')} s, ` +
          `style ${d('RecalcStyleDuration')} s in ${d('RecalcStyleCount')}, layout ${d('LayoutDuration')} s in ${d('LayoutCount')}; profile ${file}`,
      );
      console.log(await page.evaluate('window.benchCanvas.state()'));
      printSelfTime(profile, Number.POSITIVE_INFINITY);
    });
  },
);
