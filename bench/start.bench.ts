import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printComparisons } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3116);
const ROUNDS = 5;
/**
 * "At rest": the preview worker and the pool's first check are done well within this after the API's
 * first answer (the studio's first answer, before it answered the landing page while opening its database).
 */
const REST_MS = 10_000;
const BARE_FASTIFY = `
  import Fastify from 'fastify';
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  await app.listen({ port: ${PORT}, host: '127.0.0.1' });`;

interface Start {
  /** Milliseconds from spawning the command to the first HTTP answer. */
  ms: number;
  /** CPU time of the command's processes until then: steadier than `ms` on a busy machine. */
  cpuMs: number;
  /**
   * The same to the first answer the API gives from the database (a session looked up); the studio
   * answers the landing page and the web app's files before its database is open.
   */
  apiMs: number;
  apiCpuMs: number;
  /** The server process's resident memory REST_MS after the answer (only when asked). */
  rssMb: number;
}

/**
 * `npm run serve` (the built server, apps/server/dist; `npm run build` first) from the command to its
 * first HTTP answer (`GET /`, the landing page), on an existing data folder, against a bare Fastify
 * server answering one route, in interleaved rounds; and to the API's first answer from the database.
 * The same server started by `node` directly shows npm's own share, and its memory at rest is read from
 * /proc.
 */
export async function benchStart(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cinegraph-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    const node = [process.execPath, 'apps/server/dist/main.js'];
    await startOnce(node, env); // The first start makes the database: not measured.
    const rounds: Record<'npm' | 'node' | 'bare', Start[]> = { npm: [], node: [], bare: [] };
    for (let i = 0; i < ROUNDS; i += 1) {
      rounds.bare.push(
        await startOnce([process.execPath, '--input-type=module', '-e', BARE_FASTIFY], env, {
          cwd: 'apps/server',
          rest: i === 0,
          bare: true,
        }),
      );
      rounds.npm.push(await startOnce([npm, 'run', '--silent', 'serve'], env));
      rounds.node.push(await startOnce(node, env, { rest: true }));
    }
    const median = (runs: Start[], key: keyof Start) =>
      runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    const bareMs = median(rounds.bare, 'ms');
    const time = (name: string, runs: Start[], target?: string, key: 'ms' | 'apiMs' = 'ms') => ({
      name,
      figure: median(runs, key),
      baseline: bareMs,
      unit: 'ms',
      higherIsBetter: false,
      target,
    });
    printComparisons('Start to first answer (existing data folder, PGlite) vs a bare Fastify server', [
      time('npm run serve, as a user starts it', rounds.npm, 'studio <= 1,000 ms'),
      time('node apps/server/dist/main.js', rounds.node),
      {
        name: "npm's own share (npm run serve - node)",
        figure: Math.max(0, median(rounds.npm, 'ms') - median(rounds.node, 'ms')),
        baseline: bareMs,
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        name: 'node ...: CPU time to first answer',
        figure: median(rounds.node, 'cpuMs'),
        baseline: median(rounds.bare, 'cpuMs'),
        unit: 'ms',
        higherIsBetter: false,
      },
      time("node ...: to the API's first answer from the database", rounds.node, undefined, 'apiMs'),
      {
        name: "node ...: CPU time to the API's first answer",
        figure: median(rounds.node, 'apiCpuMs'),
        baseline: median(rounds.bare, 'cpuMs'),
        unit: 'ms',
        higherIsBetter: false,
      },
      {
        name: `server memory at rest (RSS, ${REST_MS / 1000} s after the API's first answer, median of ${ROUNDS})`,
        figure: median(rounds.node, 'rssMb'),
        baseline: rounds.bare[0]!.rssMb,
        unit: 'MB',
        higherIsBetter: false,
        target: 'studio < 300 MB',
      },
    ]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts `command` in its own process group, waits for the first HTTP answer on PORT, then stops it. */
async function startOnce(
  [command, ...args]: string[],
  env: NodeJS.ProcessEnv,
  { cwd = '.', rest = false, bare = false } = {},
): Promise<Start> {
  const started = performance.now();
  const child = spawn(command!, args, {
    cwd: path.join(ROOT, cwd),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const answered = async (url: string, headers: Record<string, string> = {}) => {
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode})`);
        const answer = await fetch(url, { headers }).then(
          () => true,
          () => false,
        );
        if (answer) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await answered(`http://127.0.0.1:${PORT}/`);
    const ms = performance.now() - started;
    const cpuMs = cpuMsOfTree(child.pid!);
    // The bare server has no API: its first answer stands for both.
    let [apiMs, apiCpuMs] = [ms, cpuMs];
    if (!bare) {
      await answered(`http://127.0.0.1:${PORT}/api/v1/session`, { cookie: 'cinegraph_session=none' });
      [apiMs, apiCpuMs] = [performance.now() - started, cpuMsOfTree(child.pid!)];
    }
    let rssMb = 0;
    if (rest) {
      await new Promise((resolve) => setTimeout(resolve, REST_MS));
      rssMb = rssMbOf(child.pid!);
    }
    return { ms, cpuMs, apiMs, apiCpuMs, rssMb };
  } finally {
    // npm exits at once; the server it started closes its database after: wait for every process.
    const tree = treeOf(child.pid!);
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await exited;
    while (tree.some((pid) => statOf(pid) !== null)) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function cpuMsOfTree(pid: number): number {
  return treeOf(pid).reduce((sum, member) => sum + cpuMsOf(member), 0);
}

/** The process and its descendants (npm runs the server through a shell). */
function treeOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statOf(Number(entry))?.[1]);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** /proc/PID/stat's fields after the command name (state, ppid, ...), or null once it is gone. */
function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User and system time so far (clock ticks of 10 ms on Linux). */
function cpuMsOf(pid: number): number {
  const fields = statOf(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}
