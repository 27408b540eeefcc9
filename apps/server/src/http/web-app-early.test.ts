import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { webAppEarlyAnswers } from './web-app-early';

/** A status the app never sends: what a request the early answers leave to the app gets here. */
const LEFT_TO_APP = 599;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let dist: string;
let app: TestApp;
let appUrl: string;
let early: http.Server;
let earlyUrl: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-web-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.mkdir(path.join(dist, '.well-hidden'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Cinegraph</title>');
  await fs.writeFile(
    path.join(dist, 'landing.html'),
    '<!doctype html><title>Cinegraph</title><h1>Drawn</h1>',
  );
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(dist, 'assets', 'index-1a2b.js'), 'console.log("studio")');
  // As the web build writes them (apps/web/precompress.ts): the script and its compressed copies.
  const script = 'console.log("studio");'.repeat(100);
  await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.gz'), zlib.gzipSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'index-1a2b.js.map'), '{"sources":["secret.ts"]}');
  await fs.writeFile(path.join(dist, 'assets', 'model.unknownkind'), 'bytes');
  await fs.writeFile(path.join(dist, '.well-hidden', 'note.txt'), 'dot folder');

  app = await createTestApp({ env: { WEB_DIST: dist } });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  // The app answers its /assets/ files from memory once read: compared here, as a browser gets them.
  await app.app.webFilesHeld;

  const answerEarly = webAppEarlyAnswers(dist);
  early = http.createServer((request, response) => {
    void answerEarly(request, response).then((answered) => {
      if (!answered) response.writeHead(LEFT_TO_APP).end();
    });
  });
  // The app's server keeps connections this long; the comparison leaves out only what differs by time.
  early.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => early.listen(0, '127.0.0.1', resolve));
  earlyUrl = `http://127.0.0.1:${(early.address() as AddressInfo).port}`;
});

afterAll(async () => {
  early.closeAllConnections();
  await new Promise((resolve) => early.close(resolve));
  await app.close();
  await fs.rm(dist, { recursive: true, force: true });
});

function ask(base: string, address: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    // A path as given, not normalised as a URL would be.
    const options = { hostname, port, path: address, method, headers, agent: false };
    const request = http.request(options, (response) => {
      let body = '';
      // Byte for byte: a compressed answer is compared, then decompressed.
      response.setEncoding('latin1');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const { date: _date, ...headersButDate } = response.headers;
        resolve({ status: response.statusCode!, headers: headersButDate, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('what the front door answers before the app is built', () => {
  it('answers the landing page and the web build’s files exactly as the app does, headers included', async () => {
    const { headers: fileHeaders } = await ask(appUrl, '/assets/index-1a2b.js');
    const cases: [string, string, Record<string, string>?][] = [
      ['GET', '/'],
      ['GET', '/?token=from-a-sign-in-mail'],
      ['GET', '/', { cookie: 'cinegraph_session=a-signed-in-browser' }],
      ['GET', '/index.html'],
      ['GET', '/landing.html'],
      ['GET', '/favicon.svg'],
      ['GET', '/assets/index-1a2b.js'],
      ['GET', '/assets/index-1a2b.js?v=2'],
      ['HEAD', '/assets/index-1a2b.js'],
      // A browser's revalidation and a partial read.
      ['GET', '/assets/index-1a2b.js', { 'if-none-match': String(fileHeaders.etag) }],
      ['GET', '/assets/index-1a2b.js', { 'if-modified-since': String(fileHeaders['last-modified']) }],
      ['GET', '/assets/index-1a2b.js', { range: 'bytes=0-6' }],
      // Compressed copies, as a browser and other clients ask for them.
      ['GET', '/assets/main-9z8y.js', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
      ['GET', '/assets/main-9z8y.js', { 'accept-encoding': 'gzip' }],
      ['GET', '/assets/main-9z8y.js', { 'accept-encoding': '*' }],
      ['GET', '/assets/main-9z8y.js', { 'accept-encoding': 'br;q=0, gzip' }],
      ['GET', '/assets/main-9z8y.js', { 'accept-encoding': 'identity' }],
      ['HEAD', '/assets/main-9z8y.js', { 'accept-encoding': 'br' }],
      ['GET', '/assets/index-1a2b.js', { 'accept-encoding': 'br' }],
      ['GET', '/favicon.svg', { 'accept-encoding': 'br' }],
    ];
    for (const [method, address, headers] of cases) {
      const fromApp = await ask(appUrl, address, method, headers);
      const fromFrontDoor = await ask(earlyUrl, address, method, headers);
      expect(fromFrontDoor, `${method} ${address} ${JSON.stringify(headers ?? {})}`).toEqual(fromApp);
    }
    // The comparison means something: the cases include pages, files, a 304 and a 206.
    expect((await ask(earlyUrl, '/')).body).toContain('<h1>Drawn</h1>');
    expect((await ask(earlyUrl, '/?token=from-a-sign-in-mail')).body).not.toContain('<h1>Drawn</h1>');
    expect((await ask(earlyUrl, '/', 'GET', {})).headers['content-security-policy']).toContain(
      "script-src 'self'",
    );
    expect((await ask(earlyUrl, '/assets/index-1a2b.js', 'GET', { range: 'bytes=0-6' })).status).toBe(206);
  });

  it("sends the compressed copy a browser takes, and lets it keep the build's named files a year", async () => {
    for (const base of [appUrl, earlyUrl]) {
      const browser = await ask(base, '/assets/main-9z8y.js', 'GET', {
        'accept-encoding': 'gzip, deflate, br, zstd',
      });
      expect(browser.headers['content-encoding']).toBe('br');
      expect(browser.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(browser.headers.vary).toBe('accept-encoding');
      expect(zlib.brotliDecompressSync(Buffer.from(browser.body, 'latin1')).toString()).toContain(
        'console.log',
      );
      const gzipOnly = await ask(base, '/assets/main-9z8y.js', 'GET', { 'accept-encoding': 'gzip' });
      expect(zlib.gunzipSync(Buffer.from(gzipOnly.body, 'latin1')).toString()).toContain('console.log');
      const plain = await ask(base, '/assets/main-9z8y.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('console.log');
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await ask(base, '/favicon.svg')).headers['cache-control']).toBe('public, max-age=0');
    }
  });

  it('leaves everything else to the app: API calls, other routes, source maps, dot files, failed conditions', async () => {
    const leftToApp: [string, string, Record<string, string>?][] = [
      ['GET', '/api/v1/session'],
      ['GET', '/api/docs'],
      ['POST', '/'],
      ['HEAD', '/'],
      ['GET', '/movies'],
      ['GET', '/assets/index-1a2b.js.map'],
      ['GET', '/.well-hidden/note.txt'],
      ['GET', '/assets/../index.html'],
      ['GET', '/assets/index%2D1a2b.js'],
      ['GET', '/storage/anything'],
      ['GET', '/assets/model.unknownkind'],
      ['GET', '/assets/index-1a2b.js', { 'if-match': '"another"' }],
      ['GET', '/assets/index-1a2b.js', { range: 'bytes=9999-' }],
    ];
    for (const [method, address, headers] of leftToApp) {
      const answer = await ask(earlyUrl, address, method, headers);
      expect(answer.status, `${method} ${address}`).toBe(LEFT_TO_APP);
    }
  });

  it('leaves even the landing page to the app when the web app is not built', async () => {
    const answerEarly = webAppEarlyAnswers(path.join(dist, 'no-build-here'));
    const request = { method: 'GET', url: '/' } as http.IncomingMessage;
    expect(await answerEarly(request, {} as http.ServerResponse)).toBe(false);
  });
});
