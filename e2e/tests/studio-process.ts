import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { E2E_DATA_DIR } from '../playwright.config';

export interface StudioProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A second studio, configured otherwise than the journeys' own (e.g. with payments), in its own data
 * folder beside theirs: the built server (as `npm start` runs it) in a process of its own, waited for until it answers.
 */
export async function startStudio(name: string, env: Record<string, string>): Promise<StudioProcess> {
  const port = await freePort();
  const dataDir = path.join(E2E_DATA_DIR, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const main = path.resolve(import.meta.dirname, '../../apps/server/dist/main.js');
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEV_WORKER: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The studio exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/docs`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`The studio did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
