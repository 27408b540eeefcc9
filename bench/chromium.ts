import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import type { SignedInUser } from '../apps/server/src/test/sign-in';
import { createTestApp, type TestApp } from '../apps/server/src/test/test-app';

const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const VIEWPORT = { width: 1280, height: 800 };

/** Debian's Chromium (never a downloaded one), headless, without the background traffic of a first run. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A file of bench/browser bundled by esbuild, in memory: its script and the stylesheet it imports. */
export interface Bundle {
  js: string;
  css?: string;
}

/**
 * A file of bench/browser as one script: a bare page (`page`: an ES module with React's production
 * build, minified, as the studio ships its own) or what a bench adds to a page before its own scripts
 * (`script`: one classic script).
 */
export async function bundleForBrowser(entry: string, kind: 'page' | 'script'): Promise<Bundle> {
  const page = kind === 'page';
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, 'browser', entry)],
    bundle: true,
    format: page ? 'esm' : 'iife',
    target: 'es2022',
    minify: page,
    jsx: 'automatic',
    define: page ? { 'process.env.NODE_ENV': '"production"' } : {},
    // In memory: the folder only names the outputs.
    outdir: 'out',
    write: false,
    logLevel: 'warning',
  });
  const text = (ext: string) => out.outputFiles?.find((file) => file.path.endsWith(ext))?.text;
  return { js: text('.js')!, css: text('.css') };
}

/** A file a bare page's server serves beside it: its content type and what it holds when asked. */
export type PageFile = [string, () => string];

/**
 * Serves a bare page on a port of its own: its HTML at `/` (its stylesheet linked when it has one), its
 * bundle, and extra files (e.g. `/graph.json`).
 */
function barePageServer(bundle: Bundle, extra: Record<string, PageFile>): Server {
  const html =
    '<!doctype html><html><head><meta charset="utf-8">' +
    (bundle.css ? '<link rel="stylesheet" href="/page.css">' : '') +
    '</head><body style="margin:0"><div id="root"></div><script type="module" src="/page.js"></script></body></html>';
  const files: Record<string, PageFile> = {
    '/': ['text/html', () => html],
    '/page.js': ['text/javascript', () => bundle.js],
    '/page.css': ['text/css', () => bundle.css ?? ''],
    ...extra,
  };
  return createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://page').pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]());
  });
}

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function urlOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function freePort(): Promise<number> {
  const server = await listen(createServer());
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a bench in Chromium runs against, all started by runInChromium and stopped after it. */
export interface InChromium {
  browser: Browser;
  /** The studio on PGlite in a temporary folder, serving the build (apps/web/dist). */
  t: TestApp;
  studioUrl: string;
  /** Where the bare page is served, when the bench has one of its own port. */
  bareUrl: string;
}

export interface InChromiumOptions {
  /** The studio's port (0 or unset: a free one). */
  port?: number;
  /** A bare page of bench/browser served on its own port, with extra files beside it. */
  barePage?: { entry: string; extra?: Record<string, PageFile> };
  /** Runs before the studio listens, e.g. to serve a bare page on the studio's own origin. */
  beforeListen?: (t: TestApp) => void;
}

/**
 * Starts what a browser bench needs (the studio, its bare page, Chromium), runs the bench and stops
 * them all, however it ends. Without a build it says so and runs nothing (`what`: the figures missed),
 * resolving undefined.
 */
export async function runInChromium<T>(
  what: string,
  options: InChromiumOptions,
  bench: (on: InChromium) => Promise<T>,
): Promise<T | undefined> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.log(`\n(apps/web/dist is missing: run \`npm run build\` for the ${what})`);
    return undefined;
  }
  let t: TestApp | undefined;
  let bare: Server | undefined;
  let browser: Browser | undefined;
  try {
    if (options.barePage) {
      const bundle = await bundleForBrowser(options.barePage.entry, 'page');
      bare = await listen(barePageServer(bundle, options.barePage.extra ?? {}));
    }
    const port = options.port || (await freePort());
    const studioUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_URL: studioUrl } });
    options.beforeListen?.(t);
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await launchChromium();
    return await bench({ browser, t, studioUrl, bareUrl: bare ? urlOf(bare) : '' });
  } finally {
    await browser?.close();
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await t?.close();
  }
}

/** Runs `use` on a page of a fresh browser context (a cold cache, as a first visit), closed after. */
export async function inFreshPage<T>(
  browser: Browser,
  use: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    return await use(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Signs the context's pages in as the web client leaves a user: the session cookie and the id in localStorage. */
export async function signInContext(
  context: BrowserContext,
  user: SignedInUser,
  studioUrl: string,
): Promise<void> {
  const session = user.cookie.slice(user.cookie.indexOf('=') + 1);
  await context.addCookies([{ name: 'cinegraph_session', value: session, url: studioUrl }]);
  await context.addInitScript({ content: `localStorage.setItem('userId', ${JSON.stringify(user.userId)})` });
}

/**
 * Evaluates `expression` (a promise the bench's in-page script keeps) in the page, failing after
 * `timeoutMs`; when it fails, a screenshot (`cinegraph-<name>.png` in the temporary folder) and what
 * `stateExpression` says of the page are kept, to see why.
 */
export async function awaitInPage<T>(
  page: Page,
  expression: string,
  { name, timeoutMs, stateExpression }: { name: string; timeoutMs: number; stateExpression: string },
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    page.evaluate<T>(expression),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name}: not done in ${timeoutMs / 1000} s`)), timeoutMs);
    }),
  ])
    .catch(async (error: unknown) => {
      await page.screenshot({ path: path.join(tmpdir(), `cinegraph-${name}.png`) });
      console.log(await page.evaluate(stateExpression));
      throw error;
    })
    .finally(() => clearTimeout(timer));
}

/** The median of a list of figures (the middle one of an odd count; NaN, printed as such, of none). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
