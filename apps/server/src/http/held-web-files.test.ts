import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let dist: string;
let app: TestApp;
const script = 'console.log("studio");'.repeat(100);

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-held-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Cinegraph</title>');
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.gz'), zlib.gzipSync(script));
  await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.map'), '{"sources":["secret.ts"]}');
  app = await createTestApp({ env: { WEB_DIST: dist } });
  await app.app.ready();
  await app.app.webFilesHeld;
});

afterAll(async () => {
  await app.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('the build’s content-named files, held in memory', () => {
  it('answers /assets/ files with the bytes and headers read at start, without going back to the disk', async () => {
    const encodings = ['gzip, deflate, br, zstd', 'gzip', ''];
    const before = await Promise.all(
      encodings.map((encoding) => get('/assets/main-9z8y.js', { 'accept-encoding': encoding })),
    );
    // The disk changes under the server (a build would write new names; this proves where answers come from).
    await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js'), 'changed');
    await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.br'), zlib.brotliCompressSync('changed'));
    await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.gz'), zlib.gzipSync('changed'));
    for (const [i, encoding] of encodings.entries()) {
      const after = await get('/assets/main-9z8y.js', { 'accept-encoding': encoding });
      const { date: _before, ...headersBefore } = before[i]!.headers;
      const { date: _after, ...headersAfter } = after.headers;
      expect(after.statusCode).toBe(200);
      expect(headersAfter).toEqual(headersBefore);
      expect(after.rawPayload.equals(before[i]!.rawPayload)).toBe(true);
    }
    expect(before[0]!.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(before[0]!.rawPayload).toString()).toBe(script);
    expect(before[2]!.body).toBe(script);
  });

  it('answers HEAD with the length and no body, and keeps source maps and unknown addresses out', async () => {
    const head = await app.app.inject({
      method: 'HEAD',
      url: '/assets/main-9z8y.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body).toBe('');
    for (const address of ['/assets/main-9z8y.js.map', '/assets/missing.js']) {
      const answer = await get(address);
      expect(answer.headers['content-type'], address).toContain('text/html');
      expect(answer.body, address).not.toContain('secret.ts');
    }
  });

  it('leaves a revalidation to the disk as before: an unchanged file is not sent again', async () => {
    const held = await get('/assets/main-9z8y.js', { 'accept-encoding': 'br' });
    await fs.writeFile(path.join(dist, 'assets', 'main-9z8y.js.br'), zlib.brotliCompressSync('on disk'));
    const again = await get('/assets/main-9z8y.js', {
      'accept-encoding': 'br',
      'if-none-match': String(held.headers.etag),
    });
    // The disk's copy is not the held one: its ETag differs, so @fastify/static sends it whole.
    expect(again.statusCode).toBe(200);
    expect(zlib.brotliDecompressSync(again.rawPayload).toString()).toBe('on disk');
    const current = await get('/assets/main-9z8y.js', {
      'accept-encoding': 'br',
      'if-none-match': String(again.headers.etag),
    });
    expect(current.statusCode).toBe(304);
  });
});
