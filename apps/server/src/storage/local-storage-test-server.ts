import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { LOCAL_STORAGE_ROUTE_PREFIX, LocalStorage } from './local-storage';
import { localStorageRoutes, type LocalStorageRoutesOptions } from './local-storage-routes';

export interface RunningLocalStorage {
  storage: LocalStorage;
  root: string;
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * A LocalStorage in a temp folder behind a real Fastify server on a free port. The HTTP server
 * listens first so the storage can be told its own public URL before the routes are registered.
 */
export async function startLocalStorage(
  options: LocalStorageRoutesOptions = {},
): Promise<RunningLocalStorage> {
  const root = await mkdtemp(path.join(tmpdir(), 'cinegraph-storage-'));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const storage = new LocalStorage({ root, publicUrl: baseUrl, secret: 'test-secret-0123456789' });
  const app = Fastify({
    serverFactory: (handler) => server.on('request', handler),
  });
  await app.register(localStorageRoutes(storage, options), { prefix: LOCAL_STORAGE_ROUTE_PREFIX });
  await app.ready();
  return {
    storage,
    root,
    baseUrl,
    async stop() {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
