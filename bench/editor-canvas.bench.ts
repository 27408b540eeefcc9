import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright';
import { connections, nodes } from '../apps/server/src/db/schema';
import { signIn, type SignedInUser } from '../apps/server/src/test/sign-in';
import type { TestApp } from '../apps/server/src/test/test-app';
import {
  awaitInPage,
  bundleForBrowser,
  inFreshPage,
  median,
  runInChromium,
  signInContext,
  type PageFile,
} from './chromium';
import { printComparisons, type Comparison } from './harness';
import { newMovie } from './movies';

/** Node counts (BENCH_EDITOR_SIZES, e.g. `200,1000`). */
const SIZES = (process.env.BENCH_EDITOR_SIZES ?? '200,1000').split(',').map(Number);
/** Page loads of each side per size (alternating; BENCH_EDITOR_LOADS); the median is printed. */
const LOADS = Number(process.env.BENCH_EDITOR_LOADS ?? 3);
const DRAG_MS = 2_000;
const IDLE_MS = 2_000;
/**
 * The editor's first view on a desktop: the whole graph (fittedViewport's margins, about a tenth), at
 * most at the default zoom and at least at the canvas's least zoom (CANVAS_SETTINGS.minZoom).
 */
const ZOOM = 0.8;
const MIN_ZOOM = 0.05;
const FIT_PADDING = 0.1;

export interface Graph {
  movieId: string;
  nodes: { id: string; name: string; x: number; y: number }[];
  edges: { source: string; target: string }[];
}

/** The pages measured the same way: the studio's editor and the bare React Flow page, two ways. */
interface Side {
  name: 'studio' | 'bare' | 'bareAll';
  open(page: Page): Promise<void>;
  /** First render only (the bare page drawing every node, kept beside the fair baseline). */
  renderOnly?: boolean;
}

/**
 * The editor canvas in Chromium against a bare React Flow page (the same @xyflow/react, controlled
 * default nodes) showing the same node positions and edges in the same first view (the whole graph,
 * fitted as the editor fits it) and, like the editor, drawing only the nodes and edges in view
 * (`onlyRenderVisibleElements`): the baseline. The same bare page drawing every node, the baseline of
 * earlier runs, is measured for the first render too and printed beside it. The studio runs on PGlite
 * in a temporary folder, signed in, with a movie of 200 or 1,000 nodes (three inputs and a workflow
 * node in each group of four) and as many edges. For each: first render (navigation to every node
 * React Flow put in the page measured and shown, then a frame), frames per second while a node is
 * dragged for 2 s, while a node is dragged against the canvas's right edge for 2 s (React Flow pans the
 * canvas under it, bringing nodes into view and out), and idle. `npm run build` first (the studio
 * serves apps/web/dist).
 */
export async function benchEditorCanvas(): Promise<void> {
  let bareGraph = '';
  const graphFile: PageFile = ['application/json', () => bareGraph];
  const barePage = { entry: 'bare-flow.tsx', extra: { '/graph.json': graphFile } };
  await runInChromium('editor canvas figures', { barePage }, async ({ browser, t, studioUrl, bareUrl }) => {
    const inPage = (await bundleForBrowser('measure.ts', 'script')).js;
    const user = await signIn(t, 'bench@example.com');
    const render: Comparison[] = [];
    const drag: Comparison[] = [];
    const autoPan: Comparison[] = [];
    const idle: Comparison[] = [];
    for (const size of SIZES) {
      const graph = await seedMovie(t, user, size);
      bareGraph = JSON.stringify({ ...graph, zoom: ZOOM, minZoom: MIN_ZOOM, fitPadding: FIT_PADDING });
      const sides: Side[] = [
        {
          name: 'studio',
          open: async (page) => {
            await putNodesBack(t, graph);
            await signInContext(page.context(), user, studioUrl);
            await page.goto(`${studioUrl}/movies/${graph.movieId}/editor`);
          },
        },
        { name: 'bare', open: (page) => page.goto(`${bareUrl}/?visible`).then(() => {}) },
        { name: 'bareAll', open: (page) => page.goto(`${bareUrl}/`).then(() => {}), renderOnly: true },
      ];
      const figures = { studio: [] as Measured[], bare: [] as Measured[], bareAll: [] as Measured[] };
      for (let round = 0; round < LOADS; round += 1) {
        for (const side of sides) figures[side.name].push(await measureSide(browser, side, inPage));
      }
      const pick = (side: Side['name'], figure: (m: Measured) => number) => median(figures[side].map(figure));
      const inDom = (side: Side['name']) => pick(side, (m) => m.nodesInPage);
      const fps = (name: string, figure: (m: Measured) => number): Comparison => ({
        name: `${name}, ${size} nodes`,
        figure: pick('studio', figure),
        baseline: pick('bare', figure),
        unit: 'fps',
        higherIsBetter: true,
        target: '>= 0.95',
      });
      render.push(
        {
          name: `first render, ${size} nodes + ${size} edges (in the page: studio ${inDom('studio')}, bare ${inDom('bare')})`,
          figure: pick('studio', (m) => m.firstRenderMs),
          baseline: pick('bare', (m) => m.firstRenderMs),
          unit: 'ms',
          higherIsBetter: false,
          target: '>= 0.9',
        },
        {
          name: `  the same vs the bare page drawing every node (${inDom('bareAll')} in the page)`,
          figure: pick('studio', (m) => m.firstRenderMs),
          baseline: pick('bareAll', (m) => m.firstRenderMs),
          unit: 'ms',
          higherIsBetter: false,
        },
      );
      drag.push(fps('drag a node', (m) => m.dragFps));
      autoPan.push(fps('drag a node against the edge (auto-pan)', (m) => m.autoPanFps));
      idle.push(fps('idle', (m) => m.idleFps));
    }
    printComparisons(
      'Editor canvas in Chromium vs bare React Flow (same version, positions, edges, fitted first view, ' +
        'only the elements in view drawn)',
      [...render, ...drag, ...autoPan, ...idle],
    );
  });
}

interface Measured {
  firstRenderMs: number;
  nodesInPage: number;
  dragFps: number;
  autoPanFps: number;
  idleFps: number;
}

/** One fresh browser context (a cold cache, as a first visit): load, then drag, auto-pan, then idle. */
function measureSide(browser: Browser, side: Side, inPage: string): Promise<Measured> {
  return inFreshPage(browser, async (page) => {
    await page.addInitScript({ content: inPage });
    await side.open(page);
    const first = await awaitInPage<{ ms: number; nodes: number }>(page, 'window.benchCanvas.firstRender()', {
      name: `editor-bench-${side.name}`,
      timeoutMs: 180_000,
      stateExpression: 'window.benchCanvas.state()',
    });
    // BENCH_EDITOR_DEBUG: a screenshot of each page and what it loaded and when, to see where time goes.
    if (process.env.BENCH_EDITOR_DEBUG) {
      await page.waitForTimeout(2_000);
      const shot = path.join(tmpdir(), `cinegraph-editor-bench-${side.name}-${first.nodes}.png`);
      await page.screenshot({ path: shot });
      console.log(side.name, first, await page.evaluate('window.benchCanvas.state()'));
    }
    const measured = {
      firstRenderMs: first.ms,
      nodesInPage: first.nodes,
      dragFps: 0,
      autoPanFps: 0,
      idleFps: 0,
    };
    if (side.renderOnly) return measured;
    await page.waitForTimeout(1_000);
    measured.dragFps = await dragFramesPerSecond(page);
    await page.waitForTimeout(500);
    measured.idleFps = await framesPerSecond(page, () => page.waitForTimeout(IDLE_MS));
    measured.autoPanFps = await autoPanFramesPerSecond(page);
    return measured;
  });
}

/** Frames the page draws per second while `during` runs. */
export async function framesPerSecond(page: Page, during: () => Promise<unknown>): Promise<number> {
  await page.evaluate('window.benchCanvas.startFrames()');
  await during();
  return page.evaluate<number>('window.benchCanvas.stopFrames()');
}

/** Presses on the node nearest the middle of the window, a little moved so React Flow drags it. */
async function pressNode(page: Page): Promise<{ x: number; y: number }> {
  const grip = await page.evaluate<{ x: number; y: number } | null>('window.benchCanvas.grip()');
  if (!grip) throw new Error('No node to drag on screen');
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move(grip.x + 10, grip.y + 10, { steps: 2 });
  return grip;
}

/** Moves a pressed node around for DRAG_MS, a move a frame. */
export async function dragFramesPerSecond(page: Page): Promise<number> {
  const grip = await pressNode(page);
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
 * Takes a node to 10 px from the canvas's right edge and holds it there for DRAG_MS, moving a pixel a
 * frame: React Flow pans the canvas every frame while a dragged node is that close to an edge.
 */
export async function autoPanFramesPerSecond(page: Page): Promise<number> {
  const pane = await page.evaluate<{ right: number } | null>('window.benchCanvas.pane()');
  if (!pane) throw new Error('No canvas on screen');
  const view = () => page.evaluate<string>(`document.querySelector('.react-flow__viewport').style.transform`);
  const before = await view();
  const grip = await pressNode(page);
  const edge = pane.right - 10;
  await page.mouse.move(edge, grip.y, { steps: 5 });
  const fps = await framesPerSecond(page, async () => {
    const started = Date.now();
    for (let i = 0; Date.now() - started < DRAG_MS; i += 1) {
      await page.mouse.move(edge - (i % 2), grip.y);
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
  });
  await page.mouse.up();
  if ((await view()) === before) throw new Error('The canvas did not pan under a node dragged to its edge');
  return fps;
}

/**
 * Puts back the nodes an earlier round dragged (the editor saves a drag; an auto-pan can carry a node
 * far off), so every round opens on the same graph and the same fitted view, as the bare page does.
 */
export async function putNodesBack(t: TestApp, graph: Graph): Promise<void> {
  const now = await t.db
    .select({ id: nodes.id, x: nodes.positionX, y: nodes.positionY })
    .from(nodes)
    .where(eq(nodes.movieId, graph.movieId));
  const placed = new Map(now.map((node) => [node.id, node]));
  for (const node of graph.nodes) {
    const at = placed.get(node.id);
    if (at && (at.x !== node.x || at.y !== node.y)) {
      await t.db.update(nodes).set({ positionX: node.x, positionY: node.y }).where(eq(nodes.id, node.id));
    }
  }
}

/**
 * A movie of the user with `size` nodes in groups of four: three text inputs wired into a workflow
 * node, whose image output feeds the next group's workflow node (a ring). As many edges as nodes.
 */
export async function seedMovie(t: TestApp, user: SignedInUser, size: number): Promise<Graph> {
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
