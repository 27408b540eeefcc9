import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './test/sign-in';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the HTTP app', () => {
  it('serves the OpenAPI description generated from the contracts at /api/docs', async () => {
    const ui = await t.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    const spec = await t.app.inject({ url: '/api/docs/json' });
    const document = spec.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/magic-link',
        '/api/v1/movies/user/{userId}',
        '/api/v1/share_movie/{movieId}',
      ]),
    );
    expect(Object.keys(document.paths).some((p) => p.startsWith('/storage'))).toBe(false);
    const magicLink = document.paths['/api/v1/magic-link'].post;
    expect(magicLink.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('answers unknown API paths with a JSON 404 detail', async () => {
    const response = await t.app.inject({ url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found' });
  });

  it('serves the web app for any other path so the browser router can handle it', async () => {
    const dist = path.join(t.dataDir, 'web');
    await fs.mkdir(dist, { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Cinegraph</title>');
    const { app, close } = await rebuildWithWebDist(dist);
    try {
      for (const url of ['/', '/movies', '/scenes/abc/shots/def', '/no/such/page']) {
        const response = await app.inject({ url, headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('<title>Cinegraph</title>');
      }
    } finally {
      await close();
    }
  });

  it('answers / with the landing page drawn at build time only where that is the screen the visitor sees', async () => {
    const dist = path.join(t.dataDir, 'web-landing');
    await fs.mkdir(dist, { recursive: true });
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Cinegraph</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(dist, 'landing.html'), '<!doctype html><div id="root"><h1>Drawn</h1></div>');
    const { app, close } = await rebuildWithWebDist(dist);
    const page = async (url: string, cookie?: string) =>
      (await app.inject({ url, headers: { accept: 'text/html', ...(cookie && { cookie }) } })).body;
    try {
      expect(await page('/')).toContain('<h1>Drawn</h1>');
      expect(await page('/?utm_source=mail')).toContain('<h1>Drawn</h1>');
      // Other screens, a magic link's arrival (its banner) and a signed-in visitor (its navigation) do not.
      for (const url of ['/movies', '/tutorials/getting-started', '/?token=from-a-sign-in-mail']) {
        expect(await page(url), url).toContain('<title>Cinegraph</title>');
      }
      const { cookie } = await signIn(t, 'drawn-landing@example.com');
      expect(await page('/', `theme=dark; ${cookie}`)).toContain('<title>Cinegraph</title>');
    } finally {
      await close();
    }
  });

  it('sends security headers on pages and never serves the build’s source maps', async () => {
    const dist = path.join(t.dataDir, 'web-maps');
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Cinegraph</title>');
    await fs.writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'assets', 'app.js.map'), '{"sources":["secret.ts"]}');
    const { app, close } = await rebuildWithWebDist(dist);
    try {
      const page = await app.inject({ url: '/movies', headers: { accept: 'text/html' } });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect((await app.inject({ url: '/assets/app.js' })).body).toBe('console.log(1)');
      expect((await app.inject({ url: '/assets/app.js.map' })).body).not.toContain('secret.ts');
    } finally {
      await close();
    }
  });
});

async function rebuildWithWebDist(webDist: string) {
  const { buildApp } = await import('./app');
  const app = await buildApp({
    config: { ...t.config, webDist },
    db: t.db,
    storage: t.storage,
    mailer: { send: async () => {} },
    logger: false,
  });
  return { app, close: () => app.close() };
}
