import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { messageOf } from '../../engine/worker-pool';
import { withStorageShim } from './storage-shim';

/**
 * Why the studio serves a worker's editor itself: browsers deny storage to a frame of another site
 * (Chromium, Firefox and Safari by default), and ComfyUI's frontends do not start without it, so a studio
 * and a GPU box on two sites would show a blank frame. Served from the studio's origin instead, the page
 * is first-party, but it must not act as the studio: every answer is sandboxed without
 * `allow-same-origin` (an opaque origin, with no access to the studio's pages, cookies or storage; the
 * storage shim stands in), may be framed only by the studio, and carries no referrer. Its requests to
 * the proxy are therefore cross-origin and cookieless: CORS lets it read the answers, and the pass in the
 * address is the only credential.
 */
export const EDITOR_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads allow-pointer-lock; frame-ancestors 'self'",
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The answer to the sandboxed page's CORS preflights (ComfyUI sends a `Comfy-User` header). */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  ...EDITOR_PAGE_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
  'Access-Control-Allow-Headers': '*',
  'Access-Control-Max-Age': '600',
};

/** What the editor sends on to the worker; never the studio's cookie, origin or referrer. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'range',
  'if-none-match',
  'if-modified-since',
  'comfy-user',
];
/** What comes back (the body is decoded by fetch, so no encoding or length is passed on). */
const KEPT_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'content-disposition',
  'content-range',
  'accept-ranges',
];
/** An editor page is small; anything larger is not rewritten. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/**
 * The worker's address of a path under the proxy, kept inside the worker's own address (its path
 * prefix included); null for anything that would leave it.
 */
export function workerAddress(workerUrl: string, rest: string, search: string, ws = false): URL | null {
  const base = new URL(`${workerUrl.replace(/\/+$/, '')}/`);
  let target: URL;
  try {
    target = new URL(`${rest.replace(/^\/+/, '')}${search}`, base);
  } catch {
    return null;
  }
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return null;
  if (ws) target.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return target;
}

export interface ProxiedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable | string | null;
}

/**
 * Sends one request of the editor page on to the worker (through `fetcher`, the worker's transport with
 * its address checks) and shapes the answer for the sandboxed page; the editor's HTML gets the storage
 * shim. A worker that does not answer gives 502 with the reason.
 */
export async function forwardToWorker(
  fetcher: typeof fetch,
  target: URL,
  request: { method: string; headers: IncomingHttpHeaders; body: IncomingMessage },
): Promise<ProxiedAnswer> {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let response: Response;
  try {
    response = await fetcher(target, {
      method: request.method,
      headers,
      redirect: 'manual',
      ...(hasBody && { body: Readable.toWeb(request.body) as ReadableStream, duplex: 'half' }),
    } as RequestInit);
  } catch (error) {
    return {
      status: 502,
      headers: { ...EDITOR_PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
      body: `The worker at ${target.origin} did not answer: ${messageOf(error)}`,
    };
  }
  const kept: Record<string, string> = { ...EDITOR_PAGE_HEADERS };
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) kept[name] = value;
  }
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length') ?? 0);
  if (type.startsWith('text/html') && length <= MAX_PAGE_BYTES) {
    return { status: response.status, headers: kept, body: withStorageShim(await response.text()) };
  }
  const body = response.body
    ? Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>)
    : null;
  return { status: response.status, headers: kept, body };
}
