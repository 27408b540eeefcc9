import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { sendJson } from './http-util';

/** A ComfyUI frontend to serve, as ComfyUI serves its web root and its custom nodes' `web/` folders. */
export interface WebRoot {
  /** The frontend's folder (index.html, scripts/, extensions/core/...). */
  root: string;
  /** Custom node packs' web folders by pack name, served under `/extensions/<name>/`. */
  extensions?: Record<string, string>;
  /** What `/cinegraph/bridge-config` answers (the Cinegraph pack's CINEGRAPH_ALLOWED_ORIGINS). */
  allowedOrigins?: string[];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};

async function jsFiles(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => []);
  return names.filter((name) => name.endsWith('.js')).sort();
}

async function sendFile(res: ServerResponse, folder: string, relative: string): Promise<boolean> {
  const path = normalize(join(folder, relative));
  if (path !== folder && !path.startsWith(folder.endsWith(sep) ? folder : folder + sep)) return false;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
  });
  createReadStream(path).pipe(res);
  return true;
}

/**
 * The GET routes of ComfyUI's web side that a frontend needs to start, as ComfyUI 0.8.0 answers them
 * (single-user mode: `/users`, empty settings and user data), plus the files. True when it answered.
 */
export async function answerWebRoute(web: WebRoot, path: string, res: ServerResponse): Promise<boolean> {
  const extensions = web.extensions ?? {};
  switch (path) {
    case '/':
      return sendFile(res, web.root, 'index.html');
    case '/extensions': {
      const core = (await jsFiles(join(web.root, 'extensions', 'core'))).map((n) => `/extensions/core/${n}`);
      const packs = await Promise.all(
        Object.entries(extensions).map(async ([name, folder]) =>
          (await jsFiles(folder)).map((file) => `/extensions/${name}/${file}`),
        ),
      );
      sendJson(res, 200, [...core, ...packs.flat()]);
      return true;
    }
    case '/users':
      sendJson(res, 200, { storage: 'server', migrated: true });
      return true;
    case '/settings':
      sendJson(res, 200, {});
      return true;
    case '/userdata':
      sendJson(res, 200, []);
      return true;
    case '/cinegraph/bridge-config':
      if (!extensions.cinegraph) return false;
      sendJson(res, 200, { allowed_origins: web.allowedOrigins ?? [] });
      return true;
  }
  if (path.startsWith('/settings/')) {
    sendJson(res, 200, null);
    return true;
  }
  const pack = /^\/extensions\/([^/]+)\/(.+)$/.exec(path);
  if (pack && Object.hasOwn(extensions, pack[1]!)) return sendFile(res, extensions[pack[1]!]!, pack[2]!);
  return sendFile(res, web.root, decodeURIComponent(path.slice(1)));
}
