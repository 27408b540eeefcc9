import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import {
  collectOutputFiles,
  ComfyClient,
  parseWorkflow,
  requiredNodeClasses,
  type ApiPrompt,
} from '@cinegraph/comfy';
import { count, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { generations, movies, nodes, users, workers } from '../apps/server/src/db/schema';
import { Dispatcher } from '../apps/server/src/engine/dispatcher';
import { STILL_WORKFLOW } from '../apps/server/src/engine/still-workflow';
import { recordedClasses } from '../apps/server/src/engine/worker-classes';
import { applyWorkflowToNode } from '../apps/server/src/services/workflows/node-workflow';
import { readWorkflow } from '../apps/server/src/services/workflows/workflow-handles';
import { LocalStorage } from '../apps/server/src/storage/local-storage';
import { printComparisons, type Comparison } from './harness';
import { postgresForBench } from './postgres';

const WORKERS = 50;
/** BENCH_JOBS shortens the run; the figure is for 10,000 queued jobs. */
const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
/** Per node of the still workflow on the preview worker (4 nodes, so about 0.2 s a job). */
const STEP_MS = 50;
const PUBLIC_URL = 'http://127.0.0.1:3999';

interface Run {
  jobsPerSecond: number;
  cpuMsPerJob: number;
}

/**
 * The dispatcher against the workers' raw throughput: 50 preview workers (in a child process, so their
 * CPU is not counted as the server's) run the same still workflow, either sent straight to them by a
 * bare client that queues, waits and fetches each output, or queued as generations the dispatcher
 * claims, prepares, follows and stores. Server CPU per job is this process's CPU time.
 */
export async function benchDispatcher(): Promise<void> {
  const pool = await startPreviewWorkers();
  try {
    const bare = await bareClients(pool.urls, Math.min(JOBS, 5_000));
    const rows: Comparison[] = [];
    // The targets are the server's on PostgreSQL; the embedded database runs inside the measured process.
    const add = (name: string, run: Run, targeted: boolean) =>
      rows.push(
        {
          name: `${name}: jobs/s`,
          figure: run.jobsPerSecond,
          baseline: bare.jobsPerSecond,
          unit: 'jobs/s',
          higherIsBetter: true,
          target: targeted ? '>= 0.6' : '(no target)',
        },
        {
          name: `${name}: server CPU per job`,
          figure: run.cpuMsPerJob,
          baseline: bare.cpuMsPerJob,
          unit: 'ms',
          higherIsBetter: false,
          target: targeted ? 'studio <= 2.5 ms' : '(no target)',
        },
      );
    const postgres = await postgresForBench();
    if (postgres) add(`PostgreSQL, ${JOBS} jobs`, await studio(postgres, pool.urls, JOBS), true);
    add(
      `PGlite, ${Math.min(JOBS, 2_000)} jobs`,
      await studio(() => openDatabase({ kind: 'pglite-memory' }), pool.urls, Math.min(JOBS, 2_000)),
      false,
    );
    printComparisons(
      `Dispatcher at ${WORKERS} preview workers vs the same jobs sent straight to the workers`,
      rows,
    );
  } finally {
    await pool.close();
  }
}

async function startPreviewWorkers(): Promise<{ urls: string[]; close(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'preview-workers.ts'),
      String(WORKERS),
      String(STEP_MS),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const [line] = await new Promise<string[]>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (l) => resolve([l]));
    child.once('exit', (code) => reject(new Error(`The preview workers exited (${code})`)));
  });
  return {
    urls: JSON.parse(line!) as string[],
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

function measured<T>(run: () => Promise<T>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  return run().then(() => {
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  });
}

/** A client per worker, each keeping its worker busy with one prompt at a time. */
async function bareClients(urls: string[], jobs: number): Promise<Run> {
  const clients = urls.map((baseUrl) => new ComfyClient({ baseUrl }));
  await Promise.all(clients.map((c) => c.connect()));
  let next = 0;
  const prompt = (i: number): ApiPrompt => ({
    ...STILL_WORKFLOW,
    '4': { ...STILL_WORKFLOW['4'], inputs: { ...STILL_WORKFLOW['4'].inputs, filename_prefix: `bare/${i}` } },
  });
  const { ms, cpuMs } = await measured(() =>
    Promise.all(
      clients.map(async (client) => {
        while (next < jobs) {
          const id = (await client.queuePrompt(prompt(next++))).prompt_id;
          const outcome = await client.waitForPrompt(id);
          if (outcome.status !== 'success') throw new Error(`bare job: ${outcome.status}`);
          await client.view(collectOutputFiles(outcome)[0]!);
        }
      }),
    ),
  );
  for (const c of clients) c.disconnect();
  return { jobsPerSecond: (jobs / ms) * 1000, cpuMsPerJob: cpuMs / jobs };
}

/** The studio's path: queued generations, one dispatcher with its production settings. */
async function studio(open: () => Promise<DatabaseHandle>, urls: string[], jobs: number): Promise<Run> {
  const handle = await open();
  const dir = mkdtempSync(path.join(tmpdir(), 'cinegraph-bench-'));
  try {
    const { db } = handle;
    const storage = new LocalStorage({ root: dir, publicUrl: PUBLIC_URL, secret: 'b'.repeat(32) });
    const [user] = await db
      .insert(users)
      .values({ email: `bench-${Date.now()}@example.com` })
      .returning();
    const [movie] = await db.insert(movies).values({ title: 'Bench' }).returning();
    const [node] = await db
      .insert(nodes)
      .values({ movieId: movie!.id, type: 'workflow', level: 'editor', name: 'Still' })
      .returning();
    const text = JSON.stringify(STILL_WORKFLOW);
    await applyWorkflowToNode(db, storage, PUBLIC_URL, node!, {
      workflow: readWorkflow(text),
      ui: null,
      api: text,
    });
    // As the worker pool records them: the claim checks every job's classes against its worker's.
    const known = recordedClasses(Object.keys(await new ComfyClient({ baseUrl: urls[0]! }).objectInfo()));
    await db
      .insert(workers)
      .values(urls.map((url) => ({ url, label: url, healthy: true, capacity: 1, ...known })));
    const requiredClasses = requiredNodeClasses(parseWorkflow(STILL_WORKFLOW));
    for (let from = 0; from < jobs; from += 1_000) {
      await db.insert(generations).values(
        Array.from({ length: Math.min(1_000, jobs - from) }, (_, i) => ({
          movieId: movie!.id,
          workflowNodeId: node!.id,
          userId: user!.id,
          level: 'shot' as const,
          requiredClasses,
          index: from + i,
        })),
      );
    }
    const dispatcher = new Dispatcher({ db, storage, publicUrl: PUBLIC_URL });
    const { ms, cpuMs } = await measured(async () => {
      dispatcher.start();
      for (;;) {
        const [done] = await db
          .select({ n: count() })
          .from(generations)
          .where(eq(generations.status, 'success'));
        if (done!.n >= jobs) break;
        const [failed] = await db
          .select({ n: count() })
          .from(generations)
          .where(eq(generations.status, 'failed'));
        if (failed!.n > 0) {
          const why = await db
            .selectDistinct({ message: generations.errorMessage })
            .from(generations)
            .where(eq(generations.status, 'failed'));
          throw new Error(`${failed!.n} generations failed: ${why.map((w) => w.message).join('; ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    });
    await dispatcher.stop();
    return { jobsPerSecond: (jobs / ms) * 1000, cpuMsPerJob: cpuMs / jobs };
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
