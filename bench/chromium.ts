import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright';

/** Debian's Chromium (never a downloaded one), headless, without the background traffic of a first run. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A bare page of bench/browser bundled for production with esbuild (React's production build, minified). */
export async function buildBarePage(entry: string, outdir: string): Promise<void> {
  await build({
    entryPoints: [path.join(import.meta.dirname, 'browser', entry)],
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

/**
 * Serves a bare page built by buildBarePage: its HTML at `/` (its stylesheet linked when it has one),
 * the bundle, and extra files (e.g. `/graph.json`) from `extra`.
 */
export function barePageServer(
  dir: string,
  { css = false, extra = {} }: { css?: boolean; extra?: Record<string, [string, () => string]> } = {},
): Server {
  const html =
    '<!doctype html><html><head><meta charset="utf-8">' +
    (css ? '<link rel="stylesheet" href="/page.css">' : '') +
    '</head><body style="margin:0"><div id="root"></div><script type="module" src="/page.js"></script></body></html>';
  return createServer((request, response) => {
    const files: Record<string, [string, () => string | Buffer]> = {
      '/': ['text/html', () => html],
      '/page.js': ['text/javascript', () => readFileSync(path.join(dir, 'page.js'))],
      '/page.css': ['text/css', () => readFileSync(path.join(dir, 'page.css'))],
      ...extra,
    };
    const file = files[new URL(request.url ?? '/', 'http://page').pathname];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]());
  });
}

export async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

export function urlOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function freePort(): Promise<number> {
  const server = await listen(createServer());
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function closeServer(server: Server | undefined): Promise<void> {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
}

/** The median of a list of figures (the middle one of an odd count). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
