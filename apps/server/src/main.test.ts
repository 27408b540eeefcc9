import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
});

/** A data folder and a built web app of one page, as `npm start` would find them. */
async function studioFolders(): Promise<{ dataDir: string; webDist: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cinegraph-main-'));
  folders.push(dataDir);
  const webDist = path.join(dataDir, 'web');
  await fs.mkdir(webDist);
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Cinegraph</title>');
  return { dataDir, webDist };
}

/** The server as `npm run serve` runs it, from its TypeScript source. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', DEV_WORKER: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('npm run serve (main.ts)', () => {
  it(
    'stops with a message and a failure code when the database cannot be opened',
    { timeout: 120_000 },
    async () => {
      const { dataDir, webDist } = await studioFolders();
      // Another live process (this one) holds the database folder.
      await fs.writeFile(path.join(dataDir, 'db.lock'), String(process.pid));
      const server = startServer({ DATA_DIR: dataDir, WEB_DIST: webDist, PORT: String(await freePort()) });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('is in use by another Cinegraph process');
    },
  );

  it(
    'finishes starting before it stops when stopped during the start, leaving the database closed',
    { timeout: 180_000 },
    async () => {
      const { dataDir, webDist } = await studioFolders();
      const port = await freePort();
      const server = startServer({ DATA_DIR: dataDir, WEB_DIST: webDist, PORT: String(port) });
      // The landing page is answered first; a fresh folder's migrations take most of the start after it.
      for (;;) {
        if (server.child.exitCode !== null) throw new Error(`The server exited: ${server.output()}`);
        const answer = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
        if (answer) {
          expect(await answer.text()).toContain('<title>Cinegraph</title>');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Cinegraph is running');
      // Closed, not killed: the folder's lock is gone.
      await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();
    },
  );
});
