import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, workers } from '../db/schema';
import { generationMovie, type GenerationMovie } from '../engine/engine-test-support';
import { HttpError } from '../http/errors';
import { isPrivateAddress, requirePublicWorkerHost } from '../services/workers/worker-address';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 24, findings 3 and 7: a user's worker is the user's to name, so the studio must never reach
 * into its own network through one: not when cancelling (the name may resolve to loopback by now), and
 * not at any IANA special-purpose address or one of the host's own.
 */

let t: TestApp;
let m: GenerationMovie;
/** A server on loopback standing for what lies behind the studio: it records every request it gets. */
let inside: http.Server;
let heard: string[];

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t, 'rebinder@example.com');
  heard = [];
  inside = http.createServer((request, response) => {
    heard.push(`${request.method} ${request.url}`);
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  inside.close();
  await t.close();
});

/** A job running on the user's own worker at `host` (added when the name still resolved publicly). */
async function runningJobOn(host: string): Promise<string> {
  const { port } = inside.address() as AddressInfo;
  const [worker] = await t.db
    .insert(workers)
    .values({ url: `http://${host}:${port}`, label: 'my GPU', userId: m.user.userId, healthy: true })
    .onConflictDoUpdate({ target: workers.url, set: { healthy: true } })
    .returning();
  const [job] = await t.db
    .insert(generations)
    .values({
      movieId: m.movieId,
      workflowNodeId: m.nodeId,
      shotId: m.shotIds[0]!,
      userId: m.user.userId,
      level: 'shot',
      status: 'running',
      workerId: worker!.id,
      promptId: `prompt-${host}-${heard.length}`,
    })
    .returning();
  return job!.id;
}

const cancel = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/generations/cancel_generation/${id}`,
    headers: { cookie: m.user.cookie },
  });

describe("cancelling a job on a user's worker", () => {
  it('does not reach a worker whose name now resolves to loopback, nor one written as a private address', async () => {
    t.config.userWorkersAllowPrivate = false;
    for (const host of ['localhost', '127.0.0.1']) {
      const id = await runningJobOn(host);
      const response = await cancel(id);
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await t.db.select().from(generations).where(eq(generations.id, id));
      expect(row!.status).toBe('cancelled');
    }
    expect(heard).toEqual([]);
  });

  it('reaches it when the server allows private addresses (the check above is what stopped it)', async () => {
    t.config.userWorkersAllowPrivate = true;
    try {
      expect((await cancel(await runningJobOn('localhost'))).statusCode).toBe(200);
      expect(heard.length).toBeGreaterThan(0);
    } finally {
      t.config.userWorkersAllowPrivate = false;
    }
  });
});

describe("the addresses a user's worker may not have", () => {
  it.each([
    '192.0.2.10', // documentation, TEST-NET-1
    '198.51.100.7', // documentation, TEST-NET-2
    '203.0.113.9', // documentation, TEST-NET-3
    '192.0.0.9', // PCP anycast
    '192.31.196.1', // AS112-v4
    '192.52.193.1', // AMT
    '192.88.99.1', // 6to4 relay anycast
    '192.175.48.1', // AS112 direct delegation
    '198.19.255.1', // benchmarking
    '255.255.255.255', // limited broadcast
    '100::1', // discard-only
    '2001:db8::1', // documentation
    '3fff::1', // documentation
    '2001:2::1', // benchmarking
    '2001:20::1', // ORCHIDv2
    '2620:4f:8000::1', // AS112 direct delegation
    '5f00::1', // SRv6 SIDs
    '64:ff9b:1::1', // local-use translation
  ])('refuses %s (IANA special-purpose)', async (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    const refused = await requirePublicWorkerHost(
      `http://${address.includes(':') ? `[${address}]` : address}:8188`,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
  });

  it("refuses every address of the studio host's own interfaces", () => {
    const own = Object.values(networkInterfaces()).flatMap((entries) =>
      (entries ?? []).map((e) => e.address),
    );
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) expect(isPrivateAddress(address), address).toBe(true);
  });

  it('tells the user why, and names the setting for whoever runs the studio', async () => {
    t.config.userWorkersAllowPrivate = false;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/worker/mine',
      headers: { cookie: m.user.cookie },
      payload: { url: 'http://198.51.100.7:8188', label: 'Docs range' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(
      /private or local network.*USER_WORKERS_ALLOW_PRIVATE=true/,
    );
    const rules = await t.app.inject({ url: '/api/v1/worker/rules', headers: { cookie: m.user.cookie } });
    expect(rules.json()).toEqual({ private_addresses_allowed: false });
  });
});
