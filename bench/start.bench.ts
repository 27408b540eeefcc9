import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printComparisons } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3116);
const ROUNDS = 3;
const BARE_FASTIFY = `
  import Fastify from 'fastify';
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  await app.listen({ port: ${PORT}, host: '127.0.0.1' });`;

/**
 * `npm run serve` (the built server, apps/server/dist; `npm run build` first) from process start to
 * its first HTTP answer, on an existing data folder, against a bare Fastify server answering one route.
 * The server before this change, TypeScript transpiled by tsx at each start, is printed beside it.
 */
export async function benchStart(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cinegraph-start-'));
  const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  try {
    const built = ['--enable-source-maps', 'apps/server/dist/main.js'];
    await timeToAnswer(built, env); // The first start makes the database: not measured.
    const bare = await median(() =>
      timeToAnswer(['--input-type=module', '-e', BARE_FASTIFY], env, 'apps/server'),
    );
    const studio = await median(() => timeToAnswer(built, env));
    const transpiled = await median(() => timeToAnswer(['--import', 'tsx', 'apps/server/src/main.ts'], env));
    printComparisons('Start to first answer (existing data folder) vs a bare Fastify server', [
      {
        name: 'npm run serve (built JavaScript)',
        figure: studio,
        baseline: bare,
        unit: 'ms',
        higherIsBetter: false,
        target: 'studio <= 2,000 ms',
      },
      {
        name: 'the same through tsx (before)',
        figure: transpiled,
        baseline: bare,
        unit: 'ms',
        higherIsBetter: false,
      },
    ]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function median(run: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) times.push(await run());
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

/** Milliseconds from spawning `node args` to the first HTTP answer on PORT; then stops it. */
async function timeToAnswer(args: string[], env: NodeJS.ProcessEnv, cwd = '.'): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: path.join(ROOT, cwd),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`node ${args.join(' ')} exited (${child.exitCode})`);
      const answered = await fetch(`http://127.0.0.1:${PORT}/`).then(
        () => true,
        () => false,
      );
      if (answered) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
