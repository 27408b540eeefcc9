import fs from 'node:fs';
import path from 'node:path';
import { endpoints, fillPath } from '@cinegraph/contracts';

/** The table the web build writes (apps/web/route-preloads.ts), read here by its shape only. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const API_BASE = '/api/v1';
/** A route parameter put into a read's address: an id, nothing that could leave the attribute or path. */
const PLAIN_PARAMETER = /^[A-Za-z0-9_-]{1,64}$/;

interface RoutePreload {
  route: string;
  modules: string[];
  styles: string[];
  reads: string[];
}

/**
 * The `<link>`s that start a route's downloads from the page's first bytes instead of after the entry
 * has run and the router has matched: its screen's first reads (preload as fetch, taken over by the
 * app's own fetch of the same address), then its chunks (modulepreload) and stylesheets. The reads come
 * right after the entry's own files: the server answers them while the browser runs the entry, which
 * the route's chunks wait for anyway. Behind the chunks they were sent only once those had come, and
 * the server worked on them while the browser drew the screen (editor first render at 200 nodes 7-11%
 * sooner in two interleaved runs; at 1,000 nodes, whose reads cost more, the same within 3%). Nothing
 * of the movie is in the page: the reads are the API's, answered (or refused) by
 * its own session and ownership checks, as the app's would be. Empty for a browser without a session
 * (the app sends it to sign in: it would download the screen for nothing), an address no route of the
 * table matches, or a build without the table.
 */
export function routePreloadLinks(webDist: string, pathName: string, signedIn: boolean): string {
  if (!signedIn) return '';
  const table = readTable(webDist);
  for (const preload of table) {
    const params = matchRoute(preload.route, pathName);
    if (!params) continue;
    const links: string[] = [];
    const plain = Object.values(params).every((value) => PLAIN_PARAMETER.test(value));
    if (plain) {
      for (const name of preload.reads) {
        const endpoint = endpoints[name as keyof typeof endpoints];
        if (endpoint?.method !== 'GET') continue;
        const href = `${API_BASE}${fillPath(endpoint.path, params)}`;
        links.push(`<link rel="preload" as="fetch" crossorigin href="${href}">`);
      }
    }
    links.push(
      ...preload.modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...preload.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    );
    return links.join('');
  }
  return '';
}

/**
 * The page with the route's links after the entry's own script and preloads, ahead of the head's inline
 * first-paint stylesheet (or at the end of the head without one): the browser starts a link's download
 * when its parser reaches it, and parsing those 38 kB of CSS came first (the chunks were asked for some
 * 140 ms after the entry's, in a trace at load 27).
 */
export function withPreloadLinks(html: string, links: string): string {
  if (!links) return html;
  const head = html.slice(0, html.indexOf('</head>'));
  const style = head.indexOf('<style');
  return style === -1
    ? html.replace('</head>', `${links}</head>`)
    : `${html.slice(0, style)}${links}${html.slice(style)}`;
}

/** Read once per build folder: the server serves the build it started with (its file routes are fixed then too). */
const tables = new Map<string, RoutePreload[]>();

function readTable(webDist: string): RoutePreload[] {
  let table = tables.get(webDist);
  if (!table) {
    try {
      table = JSON.parse(fs.readFileSync(path.join(webDist, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
    } catch {
      table = [];
    }
    tables.set(webDist, table);
  }
  return table;
}

/** The route's `:params` from an address that matches it segment by segment, else null. */
function matchRoute(route: string, pathName: string): Record<string, string> | null {
  const routeParts = route.split('/');
  const parts = pathName.replace(/\/$/, '').split('/');
  if (parts.length !== routeParts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of routeParts.entries()) {
    const value = parts[i]!;
    if (part.startsWith(':')) {
      if (!value) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}
