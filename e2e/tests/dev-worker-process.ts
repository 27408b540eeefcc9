import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface RunningWorker {
  url: string;
  stop(): Promise<void>;
}

/**
 * A second ComfyUI-compatible worker, the user's own (the studio's preview worker is the shared pool):
 * the dev worker's own command, `startDevWorker` in a process of its own, on a free loopback port.
 * A process rather than an import, since the dev worker's sources are typed for Node, not the DOM.
 */
export async function startWorkerProcess(env: Record<string, string> = {}): Promise<RunningWorker> {
  const main = path.resolve(import.meta.dirname, '../../packages/dev-worker/src/main.ts');
  // One process (no npx or tsx wrapper in between), so stopping it stops the worker.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEV_WORKER_STEP_MS: '5', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The dev worker exited (${code}): ${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
