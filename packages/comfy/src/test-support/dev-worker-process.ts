import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

/** The repository root: the dev worker runs from there so `--import tsx` resolves. */
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'packages/dev-worker/src/main.ts');

/** A dev worker running as its own process, as a real ComfyUI would. */
export interface WorkerProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `packages/dev-worker/src/main.ts` in a child process (the comfy package must not import the
 * dev worker) and resolves with the URL it prints once listening.
 */
export async function startWorkerProcess(env: {
  protocol?: '0.8.0' | '0.3.18';
  stepMs?: number;
}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DEV_WORKER_STEP_MS: String(env.stepMs ?? 5),
      DEV_WORKER_PROTOCOL: env.protocol ?? '0.8.0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await listeningUrl(child);
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`The dev worker did not start:\n${output}`)), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(new Error(`The dev worker exited (${code}):\n${output}`)));
  });
}

/** A local port nobody listens on (taken and released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (typeof address !== 'object' || address === null) throw new Error('No port');
  return address.port;
}
