import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession } from 'playwright';
import { signIn } from '../apps/server/src/test/sign-in';
import {
  awaitInPage,
  bundleForBrowser,
  inFreshPage,
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
