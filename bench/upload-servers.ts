import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The two servers of the upload benchmark, each in its own process so its memory is its own:
 * `studio` (the real app over PGlite and local storage, a user signed in) or `bare` (Node's http
 * server piping each PUT to a file). Over IPC: sends `{ baseUrl, cookie?, userId? }` when ready;
 * answers 'peak' with the highest RSS since the previous 'peak'; 'stop' ends it.
 */
export interface UploadServerReady {
  baseUrl: string;
  /** RSS once started, before any upload. */
  restingRss: number;
  cookie?: string;
  userId?: string;
}

const send = (message: unknown) => process.send?.(message);
let peakRss = process.memoryUsage.rss();
const sampling = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);

type Running = { ready: Omit<UploadServerReady, 'restingRss'>; stop(): Promise<void> };

async function startStudio(): Promise<Running> {
  // Loaded here only, so the bare server's memory holds nothing of the studio.
  const { startListeningTestApp } = await import('../apps/server/src/routes/assets/listening-test-app');
  const { signIn } = await import('../apps/server/src/test/sign-in');
  const t = await startListeningTestApp();
  const user = await signIn(t, 'bench-uploads@example.com');
  return { ready: { baseUrl: t.baseUrl, ...user }, stop: () => t.close() };
}

async function startBare(): Promise<Running> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cinegraph-bare-put-'));
  const server = createServer((request, response) => {
    // The same part number lands in the same file each round, so rounds do not fill the disk.
    const file = path.join(dir, path.basename(request.url ?? 'part'));
    pipeline(request, createWriteStream(file)).then(
      () => response.end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ready: { baseUrl: `http://127.0.0.1:${port}` },
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const running = await (process.argv[2] === 'studio' ? startStudio() : startBare());
process.on('message', (message) => {
  if (message === 'peak') {
    send({ peakRss });
    peakRss = process.memoryUsage.rss();
  } else if (message === 'stop') {
    clearInterval(sampling);
    void running.stop().then(() => process.exit(0));
  }
});
send({ ...running.ready, restingRss: process.memoryUsage.rss() });
