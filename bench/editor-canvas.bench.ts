import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright';
import { connections, nodes } from '../apps/server/src/db/schema';
import { signIn, type SignedInUser } from '../apps/server/src/test/sign-in';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';
import { printComparisons, type Comparison } from './harness';
import { newMovie } from './movies';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** Node counts (BENCH_EDITOR_SIZES, e.g. `200,1000`). */
const SIZES = (process.env.BENCH_EDITOR_SIZES ?? '200,1000').split(',').map(Number);
/** Page loads of each side per size (alternating; BENCH_EDITOR_LOADS); the median is printed. */
const LOADS = Number(process.env.BENCH_EDITOR_LOADS ?? 3);
const DRAG_MS = 2_000;
const IDLE_MS = 2_000;
const VIEWPORT = { width: 1280, height: 800 };
/**
 * The editor's first view on a desktop: the whole graph (fittedViewport's margins, about a tenth), at
 * most at the default zoom and at least at the canvas's least zoom (CANVAS_SETTINGS.minZoom).
 */
const ZOOM = 0.8;
const MIN_ZOOM = 0.05;
const FIT_PADDING = 0.1;

interface Graph {
  movieId: string;
  nodes: { id: string; name: string; x: number; y: number }[];
  edges: { source: string; target: string }[];
}

/** Both pages, the studio's editor and the bare React Flow page, measured the same way. */
interface Side {
  name: 'studio' | 'bare';
  open(page: Page): Promise<void>;
}

/**
 * The editor canvas in Chromium against a bare React Flow page (the same @xyflow/react, controlled
 * default nodes) showing the same node positions and edges in the same first view. The studio runs on
 * PGlite in a temporary folder, signed in, with a movie of 200 or 1,000 nodes (three inputs and a
 * workflow node in each group of four) and as many edges. For each: first render (navigation to every
 * node React Flow put in the page measured and shown, then a frame), frames per second while a node is
 * dragged for 2 s, and frames per second idle. `npm run build` first (the studio serves apps/web/dist).
 */
export async function benchEditorCanvas(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log('\n(apps/web/dist is missing: run `npm run build` for the editor canvas figures)');
    return;
  }
  const executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  const bareDir = mkdtempSync(path.join(tmpdir(), 'cinegraph-bare-flow-'));
  let t: TestApp | undefined;
  let bare: Server | undefined;
  let browser: Browser | undefined;
  try {
    await buildBarePage(bareDir);
    const inPage = await bundleMeasure();
    let bareGraph = '';
    bare = await listen(barePageServer(bareDir, () => bareGraph));
    const port = await freePort();
    const studioUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_URL: studioUrl } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const user = await signIn(t, 'bench@example.com');
    const session = user.cookie.split('=')[1]!.split(';')[0]!;
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    const rows: Comparison[] = [];
    const render: Comparison[] = [];
    const drag: Comparison[] = [];
    const idle: Comparison[] = [];
    for (const size of SIZES) {
      const graph = await seedMovie(t, user, size);
      bareGraph = JSON.stringify({ ...graph, zoom: ZOOM, minZoom: MIN_ZOOM, fitPadding: FIT_PADDING });
      const studio: Side = {
        name: 'studio',
        open: async (page) => {
          // Signed in as the web client leaves it: the session cookie and the user's id in localStorage.
          await page.context().addCookies([{ name: 'cinegraph_session', value: session, url: studioUrl }]);
          await page.addInitScript({
            content: `localStorage.setItem('userId', ${JSON.stringify(user.userId)})`,
          });
          await page.goto(`${studioUrl}/movies/${graph.movieId}/editor`);
        },
      };
      const barePage: Side = {
        name: 'bare',
        open: async (page) => {
          await page.goto(`http://127.0.0.1:${(bare!.address() as AddressInfo).port}/`);
        },
      };
      const figures = { studio: [] as Measured[], bare: [] as Measured[] };
      for (let round = 0; round < LOADS; round += 1) {
        for (const side of [studio, barePage])
          figures[side.name].push(await measureSide(browser, side, inPage));
      }
      const median = (side: 'studio' | 'bare', pick: (m: Measured) => number) => {
        const values = figures[side].map(pick).sort((a, b) => a - b);
        return values[Math.floor(values.length / 2)]!;
      };
      const inDom = median('studio', (m) => m.nodesInPage);
      render.push({
        name: `first render, ${size} nodes + ${size} edges (studio puts ${inDom} in the page)`,
        figure: median('studio', (m) => m.firstRenderMs),
        baseline: median('bare', (m) => m.firstRenderMs),
        unit: 'ms',
        higherIsBetter: false,
        target: '>= 0.67 (1.5x)',
      });
      drag.push({
        name: `drag a node, ${size} nodes`,
        figure: median('studio', (m) => m.dragFps),
        baseline: median('bare', (m) => m.dragFps),
        unit: 'fps',
        higherIsBetter: true,
        target: '>= 0.9',
      });
      idle.push({
        name: `idle, ${size} nodes`,
        figure: median('studio', (m) => m.idleFps),
        baseline: median('bare', (m) => m.idleFps),
        unit: 'fps',
        higherIsBetter: true,
        target: '>= 0.9',
      });
    }
    rows.push(...render, ...drag, ...idle);
    printComparisons(
      'Editor canvas in Chromium vs bare React Flow (same version, positions, edges, view)',
      rows,
    );
  } finally {
    await browser?.close();
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await t?.close();
    rmSync(bareDir, { recursive: true, force: true });
  }
}

interface Measured {
  firstRenderMs: number;
  nodesInPage: number;
  dragFps: number;
  idleFps: number;
}

/** One fresh browser context (a cold cache, as a first visit): load, then drag, then idle. */
async function measureSide(browser: Browser, side: Side, inPage: string): Promise<Measured> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: inPage });
    await side.open(page);
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([
      page.evaluate<{ ms: number; nodes: number }>('window.benchCanvas.firstRender()'),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${side.name}: no first render in 3 minutes`)), 180_000);
      }),
    ])
      .catch(async (error: unknown) => {
        await page.screenshot({ path: path.join(tmpdir(), `cinegraph-editor-bench-${side.name}.png`) });
        console.log(await page.evaluate('window.benchCanvas.state()'));
        throw error;
      })
      .finally(() => clearTimeout(timer));
    // BENCH_EDITOR_DEBUG: a screenshot of each page and what it loaded and when, to see where time goes.
    if (process.env.BENCH_EDITOR_DEBUG) {
      await page.waitForTimeout(2_000);
      const shot = path.join(tmpdir(), `cinegraph-editor-bench-${side.name}-${first.nodes}.png`);
      await page.screenshot({ path: shot });
    }
    if (process.env.BENCH_EDITOR_DEBUG)
      console.log(side.name, first, await page.evaluate('window.benchCanvas.state()'));
    await page.waitForTimeout(1_000);
    const dragFps = await dragFramesPerSecond(page);
    await page.waitForTimeout(500);
    const idleFps = await framesPerSecond(page, () => page.waitForTimeout(IDLE_MS));
    return { firstRenderMs: first.ms, nodesInPage: first.nodes, dragFps, idleFps };
  } finally {
    await context.close();
  }
}

/** Frames the page draws per second while `during` runs. */
async function framesPerSecond(page: Page, during: () => Promise<unknown>): Promise<number> {
  await page.evaluate('window.benchCanvas.startFrames()');
  await during();
  return page.evaluate<number>('window.benchCanvas.stopFrames()');
}

/** Presses on the node nearest the middle of the window and moves it around for DRAG_MS, a move a frame. */
async function dragFramesPerSecond(page: Page): Promise<number> {
  const grip = await page.evaluate<{ x: number; y: number } | null>('window.benchCanvas.grip()');
  if (!grip) throw new Error('No node to drag on screen');
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move(grip.x + 10, grip.y + 10, { steps: 2 });
  const fps = await framesPerSecond(page, async () => {
    const started = Date.now();
    for (let i = 0; Date.now() - started < DRAG_MS; i += 1) {
      const angle = i / 15;
      await page.mouse.move(grip.x + 150 * Math.sin(angle), grip.y + 80 * (1 - Math.cos(angle)));
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
  });
  await page.mouse.up();
  return fps;
}

/**
 * A movie of the user with `size` nodes in groups of four: three text inputs wired into a workflow
 * node, whose image output feeds the next group's workflow node (a ring). As many edges as nodes.
 */
async function seedMovie(t: TestApp, user: SignedInUser, size: number): Promise<Graph> {
  const movieId = await newMovie(t, user);
  // The template's own nodes make way for the benchmark's.
  await t.db.delete(nodes).where(eq(nodes.movieId, movieId));
  const text = (id: string) => ({ id, name: id, type: 'text' as const });
  const rows = Array.from({ length: size }, (_, i) => {
    const workflow = i % 4 === 3;
    return {
      movieId,
      name: workflow ? `Workflow ${i}` : `Input ${i}`,
      type: workflow ? ('workflow' as const) : ('primitive' as const),
      level: workflow ? ('editor' as const) : ('movie' as const),
      positionX: (i % 40) * 330,
      positionY: Math.floor(i / 40) * 540,
      value: workflow ? null : `value ${i}`,
      inputHandles: workflow
        ? [text('in_1'), text('in_2'), text('in_3'), { id: 'in_4', name: 'in_4', type: 'image' as const }]
        : [],
      outputHandles: [workflow ? { id: 'output', name: 'output', type: 'image' as const } : text('output')],
    };
  });
  const inserted = await t.db.insert(nodes).values(rows).returning({ id: nodes.id });
  const ids = inserted.map((row) => row.id);
  const edges: Graph['edges'] = [];
  const links: (typeof connections.$inferInsert)[] = [];
  for (let group = 0; group < size / 4; group += 1) {
    const workflow = ids[group * 4 + 3]!;
    const previous = ids[((group + size / 4 - 1) % (size / 4)) * 4 + 3]!;
    const sources = [ids[group * 4]!, ids[group * 4 + 1]!, ids[group * 4 + 2]!, previous];
    sources.forEach((source, k) => {
      edges.push({ source, target: workflow });
      links.push({
        movieId,
        sourceNodeId: source,
        sourceHandleId: 'output',
        targetNodeId: workflow,
        targetHandleId: `in_${k + 1}`,
      });
    });
  }
  await t.db.insert(connections).values(links);
  return {
    movieId,
    nodes: rows.map((row, i) => ({ id: ids[i]!, name: row.name, x: row.positionX, y: row.positionY })),
    edges,
  };
}

/** bench/browser/measure.ts as one script to add to a page. */
async function bundleMeasure(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, 'browser/measure.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}

/** The bare page, bundled for production with esbuild (React's production build, minified). */
async function buildBarePage(outdir: string): Promise<void> {
  await build({
    entryPoints: [path.join(import.meta.dirname, 'browser/bare-flow.tsx')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outdir,
    entryNames: 'page',
    logLevel: 'warning',
  });
}

function barePageServer(dir: string, graph: () => string): Server {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/page.css"></head>' +
    '<body style="margin:0"><div id="root"></div><script type="module" src="/page.js"></script></body></html>';
  return createServer((request, response) => {
    const files: Record<string, [string, () => string | Buffer]> = {
      '/': ['text/html', () => html],
      '/page.js': ['text/javascript', () => readFileSync(path.join(dir, 'page.js'))],
      '/page.css': ['text/css', () => readFileSync(path.join(dir, 'page.css'))],
      '/graph.json': ['application/json', graph],
    };
    const file = files[request.url ?? ''];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]());
  });
}

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function freePort(): Promise<number> {
  const server = await listen(createServer());
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
