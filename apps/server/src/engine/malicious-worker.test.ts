import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ComfyClient, ComfyHttpError, ComfyProtocolError } from '@cinegraph/comfy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';
import { storeGenerationOutput } from './store-outputs';

/** A 1x1 PNG's first bytes are enough for the sniffing; the display copy may fail quietly. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MAX_OUTPUT = 1024 * 1024;

/**
 * A ComfyUI worker run by an attacker: its files are pages and scripts, its answers are huge or never
 * end, and it redirects to addresses nobody checked. Each file name picks an answer.
 */
function startMaliciousWorker(): Promise<{
  url: string;
  redirectHits: () => number;
  close(): Promise<void>;
}> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://worker');
    if (url.pathname === '/elsewhere') {
      hits++;
      return response.end('followed');
    }
    if (url.pathname === '/history/huge') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return streamBytes(response, 8 * MAX_OUTPUT, '[');
    }
    if (url.pathname === '/object_info') {
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(5 * 1024 ** 3),
      });
      return response.write('{');
    }
    const name = url.searchParams.get('filename');
    switch (name) {
      case 'page.png':
        response.writeHead(200, { 'Content-Type': 'text/html' });
        return response.end('<html><script>fetch("/api/v1/user/me")</script></html>');
      case 'logo.svg':
        response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        return response.end('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
      case 'disguised.png':
        response.writeHead(200, { 'Content-Type': 'text/html' });
        return response.end(PNG);
      case 'endless.png':
        response.writeHead(200, { 'Content-Type': 'image/png' });
        response.write(PNG);
        return streamBytes(response, 50 * MAX_OUTPUT, '\0');
      case 'announced.png':
        response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(3 * 1024 ** 3) });
        return response.write(PNG);
      case 'slow.png':
        response.writeHead(200, { 'Content-Type': 'image/png' });
        response.write(PNG);
        return; // the rest never comes
      case 'redirect.png':
        response.writeHead(302, { Location: `http://127.0.0.1:${port()}/elsewhere` });
        return response.end();
    }
    response.writeHead(404).end();
  });
  const port = () => (server.address() as AddressInfo).port;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port()}`,
        redirectHits: () => hits,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

/** Writes `total` bytes in 64 KiB chunks, respecting back-pressure, until the reader goes away. */
function streamBytes(response: http.ServerResponse, total: number, fill: string): void {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let sent = 0;
  const pump = () => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    response.end();
  };
  response.on('error', () => {});
  pump();
}

let worker: Awaited<ReturnType<typeof startMaliciousWorker>>;
let dataDir: string;
let storage: Storage;
let client: ComfyClient;
const generation = {
  id: '00000000-0000-4000-8000-000000000001',
  movieId: '00000000-0000-4000-8000-000000000002',
};
const store = () => ({ storage, publicUrl: 'http://localhost:3000', maxOutputBytes: MAX_OUTPUT });
const outputs = (filename: string) => ({ '9': { images: [{ filename, subfolder: '', type: 'output' }] } });

beforeAll(async () => {
  worker = await startMaliciousWorker();
  dataDir = await mkdtemp(path.join(tmpdir(), 'malicious-worker-'));
  storage = await createStorage({ dataDir, publicUrl: 'http://localhost:3000', secret: 'x'.repeat(40) });
  client = new ComfyClient({
    baseUrl: worker.url,
    timeoutMs: 3000,
    transferTimeoutMs: 3000,
    maxAnswerBytes: MAX_OUTPUT,
  });
});
afterAll(async () => {
  await worker?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const storedObjects = async () =>
  readdir(path.join(dataDir, 'storage', 'objects'), { recursive: true }).catch(() => [] as string[]);

describe('a malicious ComfyUI worker', () => {
  it('cannot store a page or an SVG as a take: outputs must be one of the media types', async () => {
    for (const name of ['page.png', 'logo.svg']) {
      await expect(storeGenerationOutput(store(), client, generation, outputs(name))).rejects.toThrow(
        `The worker's output ${name} is not a PNG, JPEG, WEBP, GIF, MP4, WEBM, WAV, MP3, FLAC, OGG file; it was not kept.`,
      );
    }
    expect((await storedObjects()).filter((f) => f.endsWith('.png') || f.endsWith('.svg'))).toEqual([]);
  });

  it('stores an output under the type its bytes prove, not the one the worker named', async () => {
    const output = await storeGenerationOutput(store(), client, generation, outputs('disguised.png'));
    const key = new URL(output!.url).searchParams.get('key')!;
    expect((await storage.head(key))?.contentType).toBe('image/png');
  });

  it('cannot fill the server with a huge file, announced or not', async () => {
    for (const name of ['endless.png', 'announced.png']) {
      await expect(storeGenerationOutput(store(), client, generation, outputs(name))).rejects.toThrow(
        `The worker's output ${name} is larger than ${MAX_OUTPUT} bytes; it was not kept.`,
      );
    }
    expect((await storedObjects()).some((f) => f.includes('endless') || f.includes('announced'))).toBe(false);
  });

  it('cannot hold a download open forever', async () => {
    await expect(storeGenerationOutput(store(), client, generation, outputs('slow.png'))).rejects.toThrow();
  });

  it('cannot send the studio to another address by redirecting', async () => {
    await expect(storeGenerationOutput(store(), client, generation, outputs('redirect.png'))).rejects.toThrow(
      ComfyHttpError,
    );
    expect(worker.redirectHits()).toBe(0);
  });

  it('cannot make the studio read a huge JSON answer into memory', async () => {
    await expect(client.history('huge')).rejects.toThrow(ComfyProtocolError);
    await expect(client.history('huge')).rejects.toThrow(`the answer is larger than ${MAX_OUTPUT} bytes`);
    await expect(client.objectInfo()).rejects.toThrow(`the answer is larger than ${MAX_OUTPUT} bytes`);
  });
});
