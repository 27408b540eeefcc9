import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/dev-worker-process';
import { ComfyClient } from './comfy-client';
import { ComfyHttpError, ComfyUnavailableError } from './errors';

describe('a worker that cannot be reached', () => {
  let silent: Server;
  let silentUrl: string;
  beforeAll(async () => {
    // Accepts connections and never answers, like a hung worker.
    silent = createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
  });

  it('fails fast with ComfyUnavailableError naming the worker and the call when it is down', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    const client = new ComfyClient({ baseUrl, timeoutMs: 2000 });
    const started = Date.now();
    const error = await client.systemStats().catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(ComfyUnavailableError);
    expect((error as Error).message).toMatch(
      new RegExp(`^ComfyUI worker ${baseUrl} is unavailable \\(GET /system_stats\\): .*ECONNREFUSED`),
    );
    await expect(client.queuePrompt({})).rejects.toThrow(`${baseUrl} is unavailable (POST /prompt)`);
    await expect(client.connect()).rejects.toBeInstanceOf(ComfyUnavailableError);
    expect(client.connected).toBe(false);
  });

  it('answers a redirect as an error instead of following it to an unchecked address', async () => {
    let followed = false;
    const elsewhere = createServer((_, res) => {
      followed = true;
      res.end('{}');
    }).listen(0, '127.0.0.1');
    await once(elsewhere, 'listening');
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/system_stats`;
    const redirecting = createServer((_, res) => res.writeHead(302, { location: target }).end());
    redirecting.listen(0, '127.0.0.1');
    await once(redirecting, 'listening');
    try {
      const baseUrl = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const error = await new ComfyClient({ baseUrl }).systemStats().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ComfyHttpError);
      expect((error as ComfyHttpError).message).toContain('302');
      expect(followed).toBe(false);
    } finally {
      redirecting.close();
      elsewhere.close();
    }
  });

  it('gives up on a worker that does not answer within the timeout', async () => {
    const client = new ComfyClient({ baseUrl: silentUrl, timeoutMs: 200 });
    const started = Date.now();
    await expect(client.getQueue()).rejects.toThrow(
      `ComfyUI worker ${silentUrl} is unavailable (GET /queue): no answer within 200 ms`,
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('stops waiting for a prompt after repeated failed polls, and on abort', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    const client = new ComfyClient({ baseUrl, timeoutMs: 500 });
    const waited = client.waitForPrompt('p-1', { pollMs: 10, maxPollFailures: 3 });
    await expect(waited).rejects.toBeInstanceOf(ComfyUnavailableError);
    const controller = new AbortController();
    const aborted = client.waitForPrompt('p-2', { pollMs: 10_000, signal: controller.signal });
    controller.abort(new Error('cancelled by the dispatcher'));
    await expect(aborted).rejects.toThrow('cancelled by the dispatcher');
  });
});
