import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

const ENTRY = '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>';
const EDITOR_MODULES = ['/assets/DataLayout-1.js', '/assets/EditorPage-2.js', '/assets/Menu-3.js'];
const EDITOR_STYLE = '/assets/useDevice-4.css';
/** As the web build inlines it (apps/web/first-paint-css.ts). */
const FIRST_PAINT_STYLE = '<style>body{background:#0a0a0a}</style>';

let dist: string;
let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let movieId: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-web-'));
  await fs.mkdir(path.join(dist, '.vite'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><title>Cinegraph</title>${ENTRY}${FIRST_PAINT_STYLE}</head><body><div id="root"></div></body></html>`,
  );
  // The table's shape as apps/web/route-preloads.ts writes it.
  const table = [
    {
      route: '/movies/:movieId/editor',
      modules: EDITOR_MODULES,
      styles: [EDITOR_STYLE],
      reads: ['listNodes', 'listConnections', 'getMovie', 'listUtilityNodes'],
    },
  ];
  await fs.writeFile(path.join(dist, '.vite', 'route-preloads.json'), JSON.stringify(table));
  t = await createTestApp({ env: { WEB_DIST: dist } });
  owner = await signIn(t, 'preload-owner@example.com');
  other = await signIn(t, 'preload-other@example.com');
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/movies?user_id=${owner.userId}`,
    headers: { cookie: owner.cookie },
  });
  movieId = created.json<{ _id: string }>()._id;
  const titled = await t.app.inject({
    method: 'POST',
    url: `/api/v1/movies/update/${movieId}`,
    headers: { cookie: owner.cookie },
    payload: { title: 'The Secret Harbour' },
  });
  expect(titled.json()).toMatchObject({ title: 'The Secret Harbour' });
});

afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

async function page(url: string, cookie?: string): Promise<string> {
  const response = await t.app.inject({ url, headers: { accept: 'text/html', ...(cookie && { cookie }) } });
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type'], url).toContain('text/html');
  return response.body;
}

/** The addresses of the page's links of one kind, in order. */
function links(html: string, kind: string): string[] {
  const pattern = new RegExp(`<link rel="${kind}" crossorigin href="([^"]+)">`, 'g');
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

const editorReads = (id: string) => [
  `/api/v1/editor/nodes/${id}`,
  `/api/v1/editor/connections/${id}`,
  `/api/v1/movies/${id}`,
  '/api/v1/editor/utility_nodes',
];

describe('the editor’s page starts its downloads from its first bytes', () => {
  it('preloads a signed-in owner’s four reads after the entry’s script, then the editor’s chunks and stylesheet, all ahead of the inline first-paint CSS', async () => {
    const html = await page(`/movies/${movieId}/editor`, owner.cookie);
    expect(links(html, 'modulepreload')).toEqual(EDITOR_MODULES);
    expect(links(html, 'preload" as="style')).toEqual([EDITOR_STYLE]);
    expect(links(html, 'preload" as="fetch')).toEqual(editorReads(movieId));
    // The reads right after the entry: the server answers them while the browser runs the entry.
    expect(html.indexOf(ENTRY)).toBeLessThan(html.indexOf('as="fetch"'));
    expect(html.lastIndexOf('as="fetch"')).toBeLessThan(html.indexOf('modulepreload'));
    // Before the inline first-paint CSS, which the browser's parser would otherwise work through first.
    expect(html.lastIndexOf('modulepreload')).toBeLessThan(html.indexOf(FIRST_PAINT_STYLE));
    expect(html.lastIndexOf('as="style"')).toBeLessThan(html.indexOf(FIRST_PAINT_STYLE));
    // The addresses preloaded are the ones the API answers the owner on.
    for (const read of editorReads(movieId)) {
      const answer = await t.app.inject({ url: read, headers: { cookie: owner.cookie } });
      expect(answer.statusCode, read).toBe(200);
    }
  });

  it('gives a signed-out visitor or another user nothing of the movie: no preloads for the first, refused reads for the second', async () => {
    // A signed-out visitor is sent to sign in: the editor's code would be downloaded for nothing.
    const signedOut = await page(`/movies/${movieId}/editor`);
    expect(signedOut).not.toContain('preload');
    const others = await page(`/movies/${movieId}/editor`, other.cookie);
    for (const html of [signedOut, others, await page(`/movies/${movieId}/editor`, owner.cookie)]) {
      expect(html).not.toContain('The Secret Harbour');
    }
    // Another user's browser preloads what its app would read, and the API refuses the movie's.
    for (const read of links(others, 'preload" as="fetch').filter((read) => read.includes(movieId))) {
      const answer = await t.app.inject({ url: read, headers: { cookie: other.cookie } });
      expect(answer.statusCode, read).toBeGreaterThanOrEqual(400);
      expect(answer.body, read).not.toContain('The Secret Harbour');
    }
  });

  it('puts no read in the page for an id that is not a plain one, and nothing on other addresses', async () => {
    const odd = await page('/movies/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E/editor', owner.cookie);
    expect(links(odd, 'modulepreload')).toEqual(EDITOR_MODULES);
    expect(links(odd, 'preload" as="fetch')).toEqual([]);
    expect(odd).not.toContain('<script>alert');
    for (const url of ['/movies', `/movies/${movieId}`, `/movies/${movieId}/editor/more`, '/']) {
      expect(await page(url, owner.cookie), url).not.toContain('preload');
    }
  });
});
