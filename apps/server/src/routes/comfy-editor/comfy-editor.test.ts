import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startDevWorker, type DevWorker } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workers } from '../../db/schema';
import { NOT_YOUR_WORKER } from '../../services/comfy-editor/editor-workers';
import { workerAddress } from '../../services/comfy-editor/editor-proxy';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

const PACK_WEB = path.resolve(import.meta.dirname, '../../../../../comfyui-nodes/web');

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;
let worker: DevWorker;
let bare: DevWorker;
let studio: string;
let webRoot: string;

/** A user's own worker, healthy, that serves the editor. */
async function ownWorker(user: SignedInUser, url: string) {
  const [row] = await t.db
    .insert(workers)
    .values({ url, label: 'gpu', userId: user.userId, healthy: true, servesEditor: true })
    .returning();
  return row!;
}

const open = (user: SignedInUser, url: string, origin = 'http://localhost:3000') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/worker/editor?url=${encodeURIComponent(url)}&origin=${encodeURIComponent(origin)}`,
    headers: { cookie: user.cookie },
  });

beforeAll(async () => {
  t = await createTestApp({ env: { USER_WORKERS_ALLOW_PRIVATE: 'true' } });
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegraph-web-root-'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!DOCTYPE html><html><head><title>ComfyUI</title><script type="module">sessionStorage.getItem("clientId")</script></head><body></body></html>',
  );
  worker = await startDevWorker({
    port: 0,
    stepMs: 5,
    web: { root: webRoot, extensions: { cinegraph: PACK_WEB }, allowedOrigins: [] },
  });
  bare = await startDevWorker({ port: 0, stepMs: 5 });
  await ownWorker(ann, worker.url);
  await ownWorker(bob, bare.url);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  studio = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([worker.close(), bare.close()]);
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('opening a worker’s editor through the studio', () => {
  it('gives the owner a proxied address, and nobody else', async () => {
    const response = await open(ann, `${worker.url}/`);
    expect(response.statusCode, response.body).toBe(200);
    const { src, problem } = response.json<{ src: string; problem: string | null }>();
    expect(src).toMatch(/^\/comfy-editor\/[\w-]+\.[\w-]+\/$/);
    expect(problem).toBeNull();
    const other = await open(bob, worker.url);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ detail: NOT_YOUR_WORKER });
    const unsigned = await t.app.inject({ method: 'GET', url: `/api/v1/worker/editor?url=${worker.url}` });
    expect(unsigned.statusCode).toBe(401);
  });

  it('says why the editor will not start: no node pack, or an origin the pack does not allow', async () => {
    const noPack = (await open(bob, bare.url)).json<{ problem: string }>();
    expect(noPack.problem).toBe(
      `The worker at ${bare.url} has no Cinegraph node pack (GET /cinegraph/bridge-config answers 404): install the repository's comfyui-nodes in its custom_nodes and restart it.`,
    );
    const strict = await startDevWorker({
      port: 0,
      web: {
        root: webRoot,
        extensions: { cinegraph: PACK_WEB },
        allowedOrigins: ['https://studio.example.com'],
      },
    });
    try {
      await ownWorker(ann, strict.url);
      const refused = (await open(ann, strict.url)).json<{ problem: string }>();
      expect(refused.problem).toBe(
        "The worker's CINEGRAPH_ALLOWED_ORIGINS (https://studio.example.com) does not include this studio (http://localhost:3000).",
      );
    } finally {
      await strict.close();
    }
  });

  it('serves the editor sandboxed, cookieless and with storage in memory, only with a valid pass', async () => {
    const { src } = (await open(ann, worker.url)).json<{ src: string }>();
    // No session cookie: the sandboxed page has none to send.
    const page = await fetch(`${studio}${src}?canvas_only=true`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(
      "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads allow-pointer-lock; frame-ancestors 'self'",
    );
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    // The shim runs before the frontend's first module reads sessionStorage.
    expect(html.indexOf('memoryStorage')).toBeGreaterThan(html.indexOf('<head>'));
    expect(html.indexOf('memoryStorage')).toBeLessThan(html.indexOf('sessionStorage.getItem("clientId")'));

    const stats = await fetch(`${studio}${src}system_stats`, { headers: { cookie: ann.cookie } });
    expect((await stats.json()) as object).toHaveProperty('system');
    const extensions = (await (await fetch(`${studio}${src}extensions`)).json()) as string[];
    expect(extensions).toContain('/extensions/cinegraph/cinegraph-bridge.js');
    const bridge = await fetch(`${studio}${src}extensions/cinegraph/bridge-core.js`);
    expect(await bridge.text()).toContain('cinegraph:ready');
    // A preflight of the sandboxed page (opaque origin) for ComfyUI's Comfy-User header.
    const preflight = await fetch(`${studio}${src}prompt`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('*');

    const tampered = src.replace(/\.[\w-]+\/$/, '.AAAA/');
    const refused = await fetch(`${studio}${tampered}system_stats`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain('expired or is not yours');
  });

  it('relays the editor’s WebSocket to the worker', async () => {
    const { src } = (await open(ann, worker.url)).json<{ src: string }>();
    const socket = new WebSocket(`${studio.replace('http', 'ws')}${src}ws?clientId=editor-test`);
    const first = await new Promise<{ type: string; data: { sid?: string } }>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(data.toString()) as never));
      socket.once('error', reject);
    });
    socket.close();
    expect(first.type).toBe('status');
    expect(first.data.sid).toBe('editor-test');
  });

  it('keeps every address inside the worker it names', () => {
    expect(workerAddress('http://gpu:8188', 'ws', '?clientId=1', true)?.toString()).toBe(
      'ws://gpu:8188/ws?clientId=1',
    );
    expect(workerAddress('https://box/comfy/', 'scripts/app.js', '')?.toString()).toBe(
      'https://box/comfy/scripts/app.js',
    );
    expect(workerAddress('https://box/comfy', '../admin', '')).toBeNull();
    expect(workerAddress('https://box/comfy', '//evil.example/x', '')?.host).toBe('box');
  });
});

describe('a removed worker', () => {
  it('closes its editor addresses', async () => {
    const { src } = (await open(ann, worker.url)).json<{ src: string }>();
    await t.db.update(workers).set({ userId: bob.userId }).where(eq(workers.url, worker.url));
    const refused = await fetch(`${studio}${src}system_stats`);
    expect(refused.status).toBe(404);
  });
});
