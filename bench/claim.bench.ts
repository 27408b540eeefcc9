import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { generations, movies, nodes, users, workers } from '../apps/server/src/db/schema';
import { claimPendingGeneration } from '../apps/server/src/engine/claim';
import { printTable, type Figure } from './harness';
import { postgresForBench } from './postgres';

const JOBS = 300;
const WORKERS = 4;

/**
 * The dispatcher's claim (pending -> assigned, `FOR UPDATE SKIP LOCKED`, capacity per worker) on the
 * embedded PGlite and on PostgreSQL, with one and with two dispatchers claiming at once. Each round
 * claims every job of a fresh queue of 300.
 */
export async function benchClaims(): Promise<void> {
  const figures: Figure[] = [];
  figures.push(
    await claimRound('PGlite (embedded), 1 dispatcher', () => openDatabase({ kind: 'pglite-memory' }), 1),
  );
  const open = await postgresForBench();
  if (open) {
    figures.push(await claimRound('PostgreSQL, 1 dispatcher', open, 1));
    figures.push(await claimRound('PostgreSQL, 2 dispatchers', open, 2));
  }
  printTable(
    `Claiming ${JOBS} pending jobs over ${WORKERS} workers (a round = the whole queue)`,
    figures,
    'claims',
    JOBS,
  );
}

async function claimRound(
  name: string,
  open: () => Promise<DatabaseHandle>,
  dispatchers: number,
): Promise<Figure> {
  const handle = await open();
  try {
    const times: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      await fillQueue(handle);
      const started = performance.now();
      const claimed = await Promise.all(Array.from({ length: dispatchers }, () => claimAll(handle)));
      times.push(performance.now() - started);
      const total = claimed.reduce((a, b) => a + b, 0);
      if (total !== JOBS) throw new Error(`${name}: claimed ${total} of ${JOBS}`);
    }
    times.sort((a, b) => a - b);
    const median = times[1]!;
    return { name, medianMs: median, perSecond: 1000 / median, rounds: times.length };
  } finally {
    await handle.close();
  }
}

async function claimAll({ db }: DatabaseHandle): Promise<number> {
  let claimed = 0;
  while (await claimPendingGeneration(db)) claimed += 1;
  return claimed;
}

/** A movie with one workflow node, healthy workers with room for every job, and a full queue. */
async function fillQueue({ db }: DatabaseHandle): Promise<void> {
  await db.delete(generations);
  await db.delete(workers);
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com` })
    .returning();
  const [movie] = await db.insert(movies).values({ title: 'Bench' }).returning();
  const [node] = await db
    .insert(nodes)
    .values({ movieId: movie!.id, type: 'workflow', level: 'editor' })
    .returning();
  await db.insert(workers).values(
    Array.from({ length: WORKERS }, (_, i) => ({
      url: `http://127.0.0.1:${9000 + i}/${Date.now()}`,
      capacity: JOBS,
      healthy: true,
    })),
  );
  await db.insert(generations).values(
    Array.from({ length: JOBS }, (_, i) => ({
      movieId: movie!.id,
      workflowNodeId: node!.id,
      userId: user!.id,
      level: 'shot' as const,
      index: i,
    })),
  );
}
