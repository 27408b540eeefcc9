import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { generations, nodes, workers } from '../db/schema';
import { signIn } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { claimPendingGenerations, oldestPending } from './claim';
import { generate, generationMovie, type GenerationMovie } from './engine-test-support';
import { recordedClasses } from './worker-classes';

let t: TestApp;
let m: GenerationMovie;

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
});

afterAll(() => t.close());

beforeEach(async () => {
  await t.db.delete(generations);
  await t.db.delete(workers);
});

async function addWorker(url: string, capacity: number, userId: string | null = null) {
  const [row] = await t.db.insert(workers).values({ url, capacity, userId, healthy: true }).returning();
  return row!;
}

/** The plan of a query as PostgreSQL (or PGlite, the same planner) would run it. */
async function explain(db: Database, query: { text: string; values: unknown[] }) {
  const client = (
    db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: object[] }> } }
  ).$client;
  const { rows } = await client.query(`EXPLAIN ${query.text}`, query.values);
  return rows.map((row) => Object.values(row)[0] as string).join('\n');
}

describe('claiming pending generations', () => {
  it('takes the oldest pending jobs through an index scan, without sorting the queue', async () => {
    await generate(t, m, m.shotIds, 1);
    const [job] = await t.db.select().from(generations);
    // A long queue and a long history, as a busy studio has, so the planner weighs real numbers.
    await t.db.execute(sql`
      insert into generations (movie_id, workflow_node_id, user_id, level, status, created_at)
      select ${job!.movieId}::uuid, ${job!.workflowNodeId}::uuid, ${job!.userId}::uuid, 'shot',
             case when i % 4 = 0 then 'pending' else 'success' end, now() - i * interval '1 second'
      from generate_series(1, 8000) as i`);
    await t.db.execute(sql`analyze generations`);

    const plan = await explain(t.db, oldestPending(50));
    expect(plan).toContain('Index Scan using generations_claim_idx');
    expect(plan).not.toMatch(/Sort|Seq Scan/);

    // Checking the node classes of the free workers' groups keeps the scan: each group's class list
    // is read once for the statement (an InitPlan), not once per job.
    const [shared] = await t.db
      .insert(workers)
      .values({ url: 'http://127.0.0.1:9000', healthy: true, ...recordedClasses(['EmptyImage']) })
      .returning();
    const groups = [
      { userId: null, classesOf: shared!.id },
      { userId: m.user.userId, classesOf: null },
    ];
    const checked = await explain(t.db, oldestPending(50, groups));
    expect(checked).toContain('Index Scan using generations_claim_idx');
    expect(checked).not.toMatch(/Sort|Seq Scan on generations|SubPlan/);
  });

  it('gives a job only to a free worker that knows every node class it needs', async () => {
    const knowsLittle = await addWorker('http://127.0.0.1:9007', 5);
    const knowsAll = await addWorker('http://127.0.0.1:9008', 1);
    await t.db
      .update(workers)
      .set(recordedClasses(['CinegraphOutput']))
      .where(eq(workers.id, knowsLittle.id));
    const [job] = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await t.db
      .update(generations)
      .set({ requiredClasses: ['CinegraphOutput', 'SaveAudioAdvanced'] })
      .where(eq(generations.id, job!));
    const [anyWorker] = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await t.db
      .update(generations)
      .set({ requiredClasses: ['CinegraphOutput'] })
      .where(eq(generations.id, anyWorker!));

    // Null classes (never asked) count as knowing all: the worker that knows all takes the job.
    const claims = await claimPendingGenerations(t.db, 50);
    expect(claims.map((c) => [c.job.id, c.worker.id])).toEqual([
      [job, knowsAll.id],
      [anyWorker, knowsLittle.id],
    ]);
    const [waiting] = await generate(t, m, m.shotIds.slice(0, 1), 1);
    await t.db
      .update(generations)
      .set({ requiredClasses: ['SaveAudioAdvanced'] })
      .where(eq(generations.id, waiting!));
    // Four free slots left, none on a worker that knows SaveAudioAdvanced.
    expect(await claimPendingGenerations(t.db, 50)).toEqual([]);
  });

  it('fills every free slot in one claim, least loaded worker first, oldest job first', async () => {
    const big = await addWorker('http://127.0.0.1:9001', 3);
    const small = await addWorker('http://127.0.0.1:9002', 1);
    const ids = await generate(t, m, m.shotIds, 3);
    const all = await t.db.select().from(generations);
    expect(all.length).toBeGreaterThan(4);

    const claims = await claimPendingGenerations(t.db, 50);
    expect(claims).toHaveLength(4);
    const byWorker = (id: string) => claims.filter((c) => c.worker.id === id).length;
    expect([byWorker(big.id), byWorker(small.id)]).toEqual([3, 1]);
    const oldest = [...all]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, 4)
      .map((g) => g.id);
    expect(claims.map((c) => c.job.id)).toEqual(oldest);
    expect(claims.every((c) => c.job.status === 'assigned' && c.job.attempts === 1)).toBe(true);
    const assigned = await t.db.select().from(generations).where(eq(generations.status, 'assigned'));
    expect(assigned.map((g) => [g.id, g.workerId]).sort()).toEqual(
      claims.map((c) => [c.job.id, c.worker.id]).sort(),
    );
    expect(ids.length).toBe(all.length);

    // Every slot is taken: nothing more is claimed until a job leaves its worker.
    expect(await claimPendingGenerations(t.db, 50)).toEqual([]);
  });

  it("gives a user's own worker only that user's jobs, and stops at the limit", async () => {
    const other = await signIn(t, 'other@example.com');
    const own = await addWorker('http://127.0.0.1:9003', 10, other.userId);
    await generate(t, m, m.shotIds, 3);
    expect(await claimPendingGenerations(t.db, 50)).toEqual([]);

    const shared = await addWorker('http://127.0.0.1:9004', 10);
    const claims = await claimPendingGenerations(t.db, 2);
    expect(claims.map((c) => c.worker.id)).toEqual([shared.id, shared.id]);
    expect(claims.some((c) => c.worker.id === own.id)).toBe(false);
  });

  it('keeps jobs queued for their own workers only from holding the free shared slots', async () => {
    const own = await addWorker('http://127.0.0.1:9005', 1, m.user.userId);
    const shared = await addWorker('http://127.0.0.1:9006', 1);
    // Past the tier's limits: three jobs for the user's own worker, older than everybody else's.
    const ownOnly = await generate(t, m, m.shotIds.slice(0, 1), 3);
    await t.db.update(generations).set({ ownWorkersOnly: true });
    const otherMovie = await generationMovie(t, 'queue@example.com');
    const [later] = await generate(t, otherMovie, otherMovie.shotIds.slice(0, 1), 1);

    const first = await claimPendingGenerations(t.db, 50);
    // One of them (rows of one insert share their time, so which one is the id's order).
    expect(first.map((c) => c.worker.id)).toEqual([own.id]);
    expect(ownOnly).toContain(first[0]!.job.id);
    // With the user's worker busy, their jobs are no longer in the way of the free shared worker.
    const next = await claimPendingGenerations(t.db, 50);
    expect(next.map((c) => [c.job.id, c.worker.id])).toEqual([[later, shared.id]]);
    // The shared worker free again does not take the jobs queued for the user's own worker.
    await t.db.update(generations).set({ status: 'success' }).where(eq(generations.id, later!));
    expect(await claimPendingGenerations(t.db, 50)).toEqual([]);
  });

  it("records each job's prompt id with the client id of a worker it knows, and hands over its workflow node", async () => {
    const known = await addWorker('http://127.0.0.1:9007', 2);
    const unknown = await addWorker('http://127.0.0.1:9008', 2);
    await generate(t, m, m.shotIds.slice(0, 1), 4);

    const clientIdOf = (w: { id: string }) => (w.id === known.id ? 'client-7' : undefined);
    const claims = await claimPendingGenerations(t.db, 50, { clientIdOf });
    expect(claims).toHaveLength(4);
    const [nodeRow] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
    for (const { job, worker, node } of claims) {
      expect(node).toEqual(nodeRow);
      const [row] = await t.db.select().from(generations).where(eq(generations.id, job.id));
      // The job as its move left it, every column read as a select reads it (dates, JSON, arrays).
      expect(job).toEqual(row);
      if (worker.id === known.id) {
        expect([row!.promptId, row!.comfyClientId]).toEqual([job.promptId, 'client-7']);
        expect(job.promptId).toMatch(/^[0-9a-f-]{36}$/);
      } else {
        expect(worker.id).toBe(unknown.id);
        expect([row!.promptId, row!.comfyClientId]).toEqual([null, null]);
      }
    }
    const promptIds = claims.flatMap((c) => (c.job.promptId ? [c.job.promptId] : []));
    expect(new Set(promptIds).size).toBe(2);
  });

  it('gives a worker its next job while the outputs of the one it ended are still being stored', async () => {
    const worker = await addWorker('http://127.0.0.1:9009', 1);
    await generate(t, m, m.shotIds.slice(0, 1), 3);
    const [first] = await claimPendingGenerations(t.db, 50);
    expect(first?.worker.id).toBe(worker.id);
    expect(await claimPendingGenerations(t.db, 50)).toEqual([]);

    // Its run ended on the worker: the slot takes one more job, not two.
    const ended = [first!.job.id];
    const next = await claimPendingGenerations(t.db, 50, { ended });
    expect(next.map((c) => c.worker.id)).toEqual([worker.id]);
    expect(await claimPendingGenerations(t.db, 50, { ended })).toEqual([]);
  });

  it('frees only the slot of the ended job when its move is written before the claim reads its worker', async () => {
    const worker = await addWorker('http://127.0.0.1:9009', 2);
    await generate(t, m, m.shotIds.slice(0, 1), 4);
    const [first, second] = await claimPendingGenerations(t.db, 50);
    expect(second?.worker.id).toBe(worker.id);
    // The dispatcher knew the first job's run ended; its success was written before this claim ran.
    await t.db.update(generations).set({ status: 'success' }).where(eq(generations.id, first!.job.id));
    const next = await claimPendingGenerations(t.db, 50, { ended: [first!.job.id] });
    expect(next).toHaveLength(1);
  });
});
