import type { WorkerConnection } from '@cinegraph/comfy';
import { startDevWorker, type DevWorker, type DevWorkerOptions } from '@cinegraph/dev-worker';
import type { Generation, GenerationStatus } from '@cinegraph/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect } from 'vitest';
import { generations, movies, nodes, shots } from '../db/schema';
import { connect } from '../services/editor/connections';
import { applyWorkflowToNode } from '../services/workflows/node-workflow';
import { readWorkflow } from '../services/workflows/workflow-handles';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { claimPendingGeneration } from './claim';
import { Dispatcher, type DispatcherOptions } from './dispatcher';
import { preparePrompt } from './prepare-prompt';
import { STILL_WORKFLOW } from './still-workflow';
import { upsertSharedWorker, WorkerPool } from './worker-pool';

export { STILL_WORKFLOW };

export interface GenerationMovie {
  user: SignedInUser;
  movieId: string;
  nodeId: string;
  shotIds: string[];
}

/**
 * A movie made from the text-to-video template whose workflow node runs STILL_WORKFLOW, fed by the
 * template's prompt node and its movie-level resolution (made small so previews render fast).
 */
export async function generationMovie(t: TestApp, email = 'director@example.com'): Promise<GenerationMovie> {
  ignoreClosingPoolErrors(t);
  const user = await signIn(t, email);
  const [template] = await t.db.select().from(movies).where(eq(movies.templateKey, 'text-to-video'));
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/movies/insert_with_editor_state/user/${user.userId}/source_movie/${template!.id}`,
    headers: { cookie: user.cookie },
  });
  expect(created.statusCode, created.body).toBe(200);
  const movieId = created.json<{ _id: string }>()._id;
  const rows = await t.db.select().from(nodes).where(eq(nodes.movieId, movieId));
  const byName = (name: string) => rows.find((n) => n.name === name)!;
  const video = byName('Text to Video');
  const text = JSON.stringify(STILL_WORKFLOW);
  await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, video, {
    workflow: readWorkflow(text),
    ui: null,
    api: text,
  });
  const edge = (source: string, sourceHandle: string, target: string) => ({
    source_node_id: byName(source).id,
    source_handle_id: sourceHandle,
    target_node_id: video.id,
    target_handle_id: target,
  });
  // The template's prompt edge already feeds `input-1` (its own workflow's prompt has that id too).
  await connect(t.db, movieId, edge('Resolution', 'output', 'input-2'));
  const resolution = byName('Resolution').id;
  const [movie] = await t.db.select().from(movies).where(eq(movies.id, movieId));
  await t.db
    .update(movies)
    .set({ inputs: movie!.inputs.map((i) => (i.node_id === resolution ? { ...i, value: [48, 32] } : i)) })
    .where(eq(movies.id, movieId));
  const shotRows = await t.db
    .select({ id: shots.id })
    .from(shots)
    .where(eq(shots.movieId, movieId))
    .orderBy(asc(shots.index));
  return { user, movieId, nodeId: video.id, shotIds: shotRows.map((s) => s.id) };
}

/**
 * The engine tests' hooks: before each test a fresh app with a generation movie, handed to `use`; after
 * it, the returned list's cleanups (workers, pools, dispatchers the test started) in reverse order, then
 * the app closed.
 */
export function eachTestWithGenerationMovie(
  use: (t: TestApp, m: GenerationMovie) => void,
): (() => Promise<unknown>)[] {
  const cleanups: (() => Promise<unknown>)[] = [];
  let app: TestApp;
  beforeEach(async () => {
    app = await createTestApp();
    use(app, await generationMovie(app));
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
    await app.close();
  });
  return cleanups;
}

/** Starts dev workers and registers them as the shared pool, healthy. */
export async function startWorkers(
  t: TestApp,
  count: number,
  options: DevWorkerOptions = {},
): Promise<{ workers: DevWorker[]; pool: WorkerPool }> {
  const workers = await Promise.all(
    Array.from({ length: count }, () => startDevWorker({ port: 0, stepMs: 5, ...options })),
  );
  const pool = new WorkerPool({
    db: t.db,
    workers: workers.map((w, i) => ({ url: w.url, label: `worker ${i + 1}`, servesEditor: false })),
    healthIntervalMs: 60_000,
  });
  await pool.start();
  return { workers, pool };
}

export { upsertSharedWorker };

export function testDispatcher(t: TestApp, options: Partial<DispatcherOptions> = {}): Dispatcher {
  return new Dispatcher({
    db: t.db,
    storage: t.storage,
    publicUrl: t.config.publicUrl,
    intervalMs: 25,
    pollMs: 40,
    retries: 2,
    // The tests' user workers are dev workers on 127.0.0.1 (security/user-workers-reach.test.ts
    // holds the studio off such addresses when they are not allowed).
    allowPrivateUserWorkers: true,
    ...options,
  });
}

/** Queues jobs through the API, as the Generate modal does. */
export async function generate(t: TestApp, m: GenerationMovie, shotIds: string[], numJobs: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/generations/generate/workflow_node_id/${m.nodeId}/movie_id/${m.movieId}/user_id/${m.user.userId}`,
    headers: { cookie: m.user.cookie },
    payload: { shot_ids: shotIds, num_jobs: numJobs },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ generation_ids: string[] }>().generation_ids;
}

export async function getGeneration(t: TestApp, m: GenerationMovie, id: string): Promise<Generation> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/${id}`,
    headers: { cookie: m.user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Generation>();
}

/** Waits until every given generation is in one of the statuses (or fails with what they are in). */
export async function waitForStatus(
  t: TestApp,
  ids: string[],
  statuses: GenerationStatus[],
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.db.select({ id: generations.id, status: generations.status }).from(generations);
    const mine = rows.filter((r) => ids.includes(r.id));
    if (mine.every((r) => statuses.includes(r.status))) return;
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${statuses.join('/')}: ${mine.map((r) => r.status).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sets the shot's value of the template's shot-level Description input. */
export async function setShotDescriptionInput(t: TestApp, shotId: string, text: string): Promise<void> {
  const [shot] = await t.db.select().from(shots).where(eq(shots.id, shotId));
  const descriptionNode = await t.db
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(eq(nodes.movieId, shot!.movieId), eq(nodes.name, 'Description')));
  const id = descriptionNode[0]!.id;
  await t.db
    .update(shots)
    .set({ inputs: shot!.inputs.map((i) => (i.node_id === id ? { ...i, value: text } : i)) })
    .where(eq(shots.id, shotId));
}

/**
 * These tests keep several PostgreSQL connections busy at once; at teardown the test database is
 * dropped WITH (FORCE) while pg still closes them, and pg's Pool re-emits that as an 'error' event
 * nobody listens to. Only the teardown's own connections are affected.
 */
function ignoreClosingPoolErrors(t: TestApp): void {
  const client = (t.db as unknown as { $client?: { on?: unknown } }).$client;
  if (client && typeof client.on === 'function')
    (client.on as (e: string, l: () => void) => void)('error', () => {});
}

/**
 * Claims the next job and submits its prompt as startJob does (the prompt id recorded first), then
 * "crashes" before recording it as queued: the job stays `assigned` for a restarted dispatcher to adopt.
 */
export async function submitThenCrash(
  t: TestApp,
  m: GenerationMovie,
  client: WorkerConnection,
  chosen: string = crypto.randomUUID(),
): Promise<{ id: string; chosen: string }> {
  const [id] = await generate(t, m, [m.shotIds[0]!], 1);
  const claimed = (await claimPendingGeneration(t.db))!;
  const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
  const setup = { db: t.db, storage: t.storage, publicUrl: t.config.publicUrl, client };
  const { prompt } = await preparePrompt(setup, node!, claimed.job);
  await t.db
    .update(generations)
    .set({ promptId: chosen, comfyClientId: client.clientId })
    .where(eq(generations.id, id!));
  await client.queuePrompt(prompt, { promptId: chosen });
  return { id: id!, chosen };
}

/** Waits up to five seconds for something heard asynchronously (an event on the hub) to be there. */
export async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}
