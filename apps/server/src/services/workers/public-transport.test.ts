import { ComfyClient, ComfyUnavailableError } from '@cinegraph/comfy';
import { startDevWorker, type DevWorker } from '@cinegraph/dev-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicOnlyLookup, workerTransport } from './public-transport';

let worker: DevWorker;
/** The dev worker by a name that resolves to loopback, as a rebound DNS name would. */
let byName: string;

beforeAll(async () => {
  worker = await startDevWorker({ port: 0, host: '127.0.0.1' });
  byName = worker.url.replace('127.0.0.1', 'localhost');
});
afterAll(() => worker.close());

const lookup = (host: string, all: boolean) =>
  new Promise<{ error: Error | null; address: unknown }>((resolve) =>
    publicOnlyLookup(host, { all }, (error, address) => resolve({ error, address })),
  );

describe('reaching a user worker only at public addresses', () => {
  it('refuses a name that resolves into a private network, in both lookup forms', async () => {
    for (const all of [false, true]) {
      const { error } = await lookup('localhost', all);
      expect(error?.message).toContain('localhost is on a private or local network');
    }
  });

  it('resolves a public address as the connection asks for it', async () => {
    expect((await lookup('93.184.216.34', false)).address).toBe('93.184.216.34');
    expect((await lookup('93.184.216.34', true)).address).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it("keeps a user's worker off loopback over HTTP and WebSocket, and lets the shared pool reach it", async () => {
    const own = new ComfyClient({
      baseUrl: byName,
      timeoutMs: 3_000,
      ...workerTransport({ userId: 'u1' }, false),
    });
    const refused = await own.systemStats().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ComfyUnavailableError);
    expect((refused as Error).message).toContain('private or local network');
    await expect(own.connect()).rejects.toThrow(/private or local network/);
    own.disconnect();

    for (const transport of [
      workerTransport({ userId: null }, false),
      workerTransport({ userId: 'u1' }, true),
    ]) {
      const allowed = new ComfyClient({ baseUrl: worker.url, ...transport });
      expect((await allowed.systemStats()).system.comfyui_version).toBeTruthy();
      allowed.disconnect();
    }
  });
});
