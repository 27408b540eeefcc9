import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WORKER_MESSAGES, type OwnWorker } from '@cinegraph/contracts';
import { startDevWorker, type DevWorker } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workers } from '../../db/schema';
import { upsertSharedWorker, WorkerPool } from '../../engine/worker-pool';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { workerClient } from './worker-test-client';

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;
let comfy: DevWorker;
let notComfy: { server: Server; url: string; hits: string[] };
let client: ReturnType<typeof workerClient>;

/** A web server that answers every path with a page: something answers, but it is not ComfyUI. */
async function startPlainServer(): Promise<{ server: Server; url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>My blog</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
  comfy = await startDevWorker({ port: 0, host: '127.0.0.1', stepMs: 5 });
  notComfy = await startPlainServer();
});
afterAll(async () => {
  await comfy.close();
  await new Promise((resolve) => notComfy.server.close(resolve));
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(workers);
  client = workerClient(t);
});

describe("a user's own ComfyUI workers", () => {
  it('adds a ComfyUI after asking its /system_stats, healthy at once, and lists it only to its owner', async () => {
    const response = await client.add(ann, { url: `${comfy.url}/`, label: ' Studio GPU ', capacity: 3 });
    expect(response.statusCode, response.body).toBe(200);
    const worker = response.json<OwnWorker>();
    expect(worker).toMatchObject({
      url: comfy.url,
      label: 'Studio GPU',
      capacity: 3,
      healthy: true,
      last_error: null,
      comfyui_version: '0.8.0',
      active_jobs: 0,
    });
    expect(Date.now() - Date.parse(worker.last_seen_at!)).toBeLessThan(10_000);

    expect((await client.list(ann)).json()).toEqual([worker]);
    expect((await client.list(bob)).json()).toEqual([]);
    const [row] = await t.db.select().from(workers).where(eq(workers.id, worker._id));
    expect(row!.userId).toBe(ann.userId);
  });

  it('names the worker after its host when no name is given, and defaults to one job at a time', async () => {
    const worker = await client.added(ann, { url: comfy.url });
    expect(worker.label).toBe(new URL(comfy.url).host);
    expect(worker.capacity).toBe(1);
  });

  it('renames and resizes a worker; an empty name goes back to the host', async () => {
    const worker = await client.added(ann, { url: comfy.url, label: 'Old' });
    const renamed = await client.update(ann, worker._id, { label: 'Render box', capacity: 16 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ label: 'Render box', capacity: 16, url: comfy.url });
    const resized = await client.update(ann, worker._id, { capacity: 2 });
    expect(resized.json()).toMatchObject({ label: 'Render box', capacity: 2 });
    const unnamed = await client.update(ann, worker._id, { label: '' });
    expect(unnamed.json()).toMatchObject({ label: new URL(comfy.url).host });
  });

  it('removes a worker, which then takes no more health checks or jobs', async () => {
    const worker = await client.added(ann, { url: comfy.url });
    const removed = await client.remove(ann, worker._id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: WORKER_MESSAGES.removed });
    expect((await client.list(ann)).json()).toEqual([]);
    expect(await t.db.select().from(workers)).toEqual([]);
  });

  it("shows what the pool's health check sees: not answering, with the error and the last time seen", async () => {
    const own = await startDevWorker({ port: 0, host: '127.0.0.1' });
    const worker = await client.added(ann, { url: own.url });
    const pool = new WorkerPool({ db: t.db, workers: [], healthIntervalMs: 60_000 });
    await own.close();
    await pool.checkHealth();
    const [listed] = (await client.list(ann)).json<OwnWorker[]>();
    expect(listed).toMatchObject({ _id: worker._id, healthy: false, last_seen_at: worker.last_seen_at });
    expect(listed!.last_error).toContain(own.url);
  });

  it('lets only the owner see, change or remove a worker (404 for anyone else)', async () => {
    const worker = await client.added(ann, { url: comfy.url, label: 'Ann GPU' });
    expect((await client.update(bob, worker._id, { label: 'Mine now' })).statusCode).toBe(404);
    const removed = await client.remove(bob, worker._id);
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toEqual({ detail: WORKER_MESSAGES.notFound });
    expect((await client.list(ann)).json<OwnWorker[]>()[0]).toMatchObject({ label: 'Ann GPU' });

    const shared = await upsertSharedWorker(t.db, { url: 'http://gpu1.example:8188', label: 'gpu1' });
    expect((await client.update(ann, shared.id, { capacity: 16 })).statusCode).toBe(404);
    expect((await client.remove(ann, shared.id)).statusCode).toBe(404);
    expect((await client.list(ann)).json<OwnWorker[]>().map((w) => w.url)).toEqual([comfy.url]);
  });

  it('asks for a session', async () => {
    expect((await client.list(null)).statusCode).toBe(401);
    expect((await client.add(null, { url: comfy.url })).statusCode).toBe(401);
    expect((await client.remove(null, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });
});

describe('adding a worker refuses', () => {
  it.each([
    ['', WORKER_MESSAGES.urlRequired],
    ['   ', WORKER_MESSAGES.urlRequired],
    ['comfy.example.com:8188', WORKER_MESSAGES.urlProtocol],
    ['not a url', WORKER_MESSAGES.urlInvalid],
    ['ftp://comfy.example.com', WORKER_MESSAGES.urlProtocol],
    ['file:///etc/passwd', WORKER_MESSAGES.urlProtocol],
    ['http://ann:secret@comfy.example.com', WORKER_MESSAGES.urlCredentials],
    ['http://comfy.example.com/?token=1', WORKER_MESSAGES.urlQuery],
    ['http://comfy.example.com/#top', WORKER_MESSAGES.urlQuery],
    ['http://comfy.example.com?', WORKER_MESSAGES.urlQuery],
  ])('the address %j: %s', async (url, detail) => {
    const response = await client.add(ann, { url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it.each([0, 17, 1.5, '4'])('a capacity of %j', async (capacity) => {
    const response = await client.add(ann, { url: comfy.url, capacity });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(
      /capacity must be a whole number from 1 to 16/,
    );
    expect(await t.db.select().from(workers)).toEqual([]);
  });

  it('a name longer than 80 characters, and a change that changes nothing', async () => {
    expect((await client.add(ann, { url: comfy.url, label: 'x'.repeat(81) })).statusCode).toBe(400);
    const worker = await client.added(ann, { url: comfy.url });
    const empty = await client.update(ann, worker._id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ detail: string }>().detail).toMatch(/Send a label or a capacity/);
    expect((await client.update(ann, 'not-an-id', { capacity: 2 })).statusCode).toBe(400);
  });

  it('an address where nothing answers, naming it', async () => {
    const gone = await startDevWorker({ port: 0, host: '127.0.0.1' });
    await gone.close();
    const response = await client.add(ann, { url: gone.url });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe(
      `Nothing answered at ${gone.url} (asked ${gone.url}/system_stats). Check that ComfyUI is running and ` +
        'that this address is reachable from the studio server.',
    );
    expect(await t.db.select().from(workers)).toEqual([]);
  });

  it('an address where something other than ComfyUI answers', async () => {
    const response = await client.add(ann, { url: notComfy.url });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(
      new RegExp(`^Something answered at ${notComfy.url}, but not like ComfyUI`),
    );
    expect(notComfy.hits.at(-1)).toBe('/system_stats');
  });

  it('an address that redirects elsewhere, without following it (a public host must not bounce the server inward)', async () => {
    const redirect = createServer((_req, res) => {
      res.writeHead(302, { location: `${comfy.url}/system_stats` }).end();
    });
    await new Promise<void>((resolve) => redirect.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirect.address() as AddressInfo).port}`;
    try {
      const response = await client.add(ann, { url });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/but not like ComfyUI/);
    } finally {
      await new Promise((resolve) => redirect.close(resolve));
    }
  });

  it('an address already registered, by anyone, without saying by whom (409)', async () => {
    await client.added(ann, { url: comfy.url });
    const host = new URL(comfy.url);
    for (const spelling of [comfy.url, `http://${host.hostname}:${host.port}//`, comfy.url.toUpperCase()]) {
      const response = await client.add(bob, { url: spelling });
      expect(response.statusCode, spelling).toBe(409);
      expect(response.json()).toEqual({ detail: WORKER_MESSAGES.urlTaken });
    }
    await t.db.delete(workers);
    await upsertSharedWorker(t.db, { url: comfy.url, label: 'Shared' });
    expect((await client.add(ann, { url: comfy.url })).json()).toEqual({ detail: WORKER_MESSAGES.urlTaken });
  });

  it('a loopback, private or metadata address unless USER_WORKERS_ALLOW_PRIVATE is set, without calling it', async () => {
    const guarded = workerClient(t, { allowPrivate: false });
    const port = new URL(notComfy.url).port;
    const before = notComfy.hits.length;
    for (const url of [
      notComfy.url,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      'http://10.1.2.3:8188',
      'http://192.168.1.20:8188',
      'http://169.254.169.254',
      'http://[fd00:ec2::254]',
      'http://0.0.0.0:8188',
    ]) {
      const response = await guarded.add(ann, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ detail: string }>().detail, url).toMatch(
        /is on a private or local network, which this studio does not reach for user workers/,
      );
    }
    expect(notComfy.hits.length).toBe(before);
    expect(await t.db.select().from(workers)).toEqual([]);
  });
});
