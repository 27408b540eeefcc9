import fs from 'node:fs';
import path from 'node:path';
import negotiateEncoding from '@fastify/accept-negotiator';
import { SESSION_COOKIE } from './session-cookie';

/** The web build's page every browser route starts from. */
export function webAppIndex(webDist: string): string {
  return path.join(webDist, 'index.html');
}

/**
 * The page a browser address gets. `/` gets the landing page with its first screen already drawn
 * (landing.html, which the web build writes) when that is the screen the visitor will see: a visitor
 * without a session, not arriving from a magic link. A signed-in visitor's navigation differs, a magic
 * link adds a banner above the opening, and every other address shows another screen (a drawn landing
 * page would flash before it): they get the empty index.html, which the app renders into.
 */
export function webAppPage(webDist: string, url: string, cookie: string | undefined): string {
  const [pathName, query = ''] = url.split('?');
  const landing = path.join(webDist, 'landing.html');
  const drawnLanding =
    pathName === '/' &&
    !new URLSearchParams(query).has('token') &&
    !hasSessionCookie(cookie) &&
    fs.existsSync(landing);
  return drawnLanding ? landing : webAppIndex(webDist);
}

/** Whether the browser sends a session cookie (valid or not: only the API's checks say). */
export function hasSessionCookie(header: string | undefined): boolean {
  return (header ?? '').split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** The build keeps source maps for debugging; the studio does not hand its source to visitors. */
export function servesWebFile(pathName: string): boolean {
  return !pathName.endsWith('.map');
}

/**
 * The compressed copies the web build writes beside its scripts and stylesheets (apps/web/precompress.ts),
 * as @fastify/static's `preCompressed` looks for them.
 */
export const PRECOMPRESSED_EXTENSIONS = { br: '.br', gzip: '.gz' } as const;
export type PrecompressedEncoding = keyof typeof PRECOMPRESSED_EXTENSIONS;

/**
 * The compressed copy @fastify/static's `preCompressed` would send: of the copies the build wrote
 * (`written`), the one the browser's Accept-Encoding prefers (`*` standing for gzip, as there), or none.
 */
export function precompressedEncoding(
  written: (encoding: PrecompressedEncoding) => boolean,
  accepted: string | undefined,
): PrecompressedEncoding | undefined {
  if (!accepted) return undefined;
  const copies = (Object.keys(PRECOMPRESSED_EXTENSIONS) as PrecompressedEncoding[]).filter(written);
  return (negotiateEncoding(accepted.toLowerCase().replace(/\*/g, 'gzip'), copies) ?? undefined) as
    PrecompressedEncoding | undefined;
}

/** The address a file of the web build is served at (its compressed copy's, for a copy). */
export function webFileAddress(webDist: string, filePath: string): string {
  return `/${path.relative(webDist, filePath).split(path.sep).join('/')}`;
}

/**
 * The build's files under /assets/ are named after their content, so a browser keeps them a year without
 * asking again: a second visit to the editor loads its 30 chunks from its cache instead of revalidating
 * each over the six connections its reads need. Other files (the favicon, the landing film) keep their
 * names across builds and are revalidated. Every file may come compressed, so caches key on the encoding.
 */
export function setWebFileHeaders(
  response: { setHeader(name: string, value: string): unknown },
  address: string,
): void {
  response.setHeader(
    'cache-control',
    address.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0',
  );
  response.setHeader('vary', 'accept-encoding');
}

/**
 * The addresses @fastify/static gives the build's files (its `wildcard: false` routes): every file
 * not under a dot-named folder or dot-named itself, less the source maps.
 */
export function webBuildFiles(webDist: string): Set<string> {
  if (!fs.existsSync(webDist)) return new Set();
  const addresses = fs
    .readdirSync(webDist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(webDist, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => !parts.some((part) => part.startsWith('.')))
    .map((parts) => `/${parts.join('/')}`);
  return new Set(addresses.filter(servesWebFile));
}
