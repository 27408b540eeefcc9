import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createMailer } from '../../mail/create-mailer';
import { DEFAULT_SIGN_IN_LIMITS } from '../../services/auth';
import { createStorage } from '../../storage/create-storage';
import { openTestDatabase } from '../../test/test-database';
import type { TestApp } from '../../test/test-app';

/** A free TCP port (the app must know its public address before it is built). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The real app listening on a real port, with PUBLIC_URL set to that address, so presigned storage
 * URLs can be used with `fetch` as a browser would.
 */
export async function startListeningTestApp(): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-upload-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent' });
  const database = await openTestDatabase();
  const storage = createStorage({ dataDir, publicUrl: baseUrl, secret: 'test-secret-'.padEnd(40, 'x') });
  const mailer = createMailer({ from: config.mailFrom, dataDir, logger: { info: () => {} } });
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    mailer,
    signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, perAddress: 1000, perEmail: 1000 },
    logger: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    db: database.db,
    storage,
    config,
    dataDir,
    baseUrl,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
