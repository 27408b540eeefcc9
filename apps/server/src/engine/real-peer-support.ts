import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { movies, nodes, shots } from '../db/schema';
import { storedFileKey } from '../services/assets/stored-files';
import type { GenerationRow } from '../services/generations/access';
import { applyWorkflowToNode } from '../services/workflows/node-workflow';
import { readWorkflow } from '../services/workflows/workflow-handles';
import type { Storage } from '../storage/storage';
import type { TestApp } from '../test/test-app';
import type { GenerationMovie } from './engine-test-support';
import { WorkerPool, type SharedWorker } from './worker-pool';

/** What the harnesses against real peers (ComfyUI, comfyui-api, RunPod's worker) share. */

export const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);

/** The template has two shots: a third like the first, for the 3 shots x 2 takes batch. */
export async function addThirdShot(t: TestApp, m: GenerationMovie): Promise<string> {
  const [first] = await t.db.select().from(shots).where(eq(shots.id, m.shotIds[0]!));
  const { id: _id, ...copy } = first!;
  const [third] = await t.db
    .insert(shots)
    .values({ ...copy, index: 99 })
    .returning();
  m.shotIds.push(third!.id);
  return third!.id;
}

/** The movie's Resolution input: large sizes make ComfyUI on CPU take seconds per take. */
export async function setResolution(t: TestApp, m: GenerationMovie, size: [number, number]): Promise<void> {
  const [movie] = await t.db.select().from(movies).where(eq(movies.id, m.movieId));
  const resolution = (await t.db.select().from(nodes).where(eq(nodes.movieId, m.movieId))).find(
    (n) => n.name === 'Resolution',
  )!.id;
  const inputs = movie!.inputs.map((i) => (i.node_id === resolution ? { ...i, value: size } : i));
  await t.db.update(movies).set({ inputs }).where(eq(movies.id, m.movieId));
}

/** Gives the movie's workflow node another API-format workflow. */
export async function useWorkflow(t: TestApp, m: GenerationMovie, workflow: object): Promise<void> {
  const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
  const text = JSON.stringify(workflow);
  await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, node!, {
    workflow: readWorkflow(text),
    ui: null,
    api: text,
  });
}

/** A workflow whose output is the image at `url` as the node pack loads it (a noise PNG: over 2 MB). */
export const imageWorkflow = (url: string | undefined) => ({
  '1': { class_type: 'CinegraphInputImage', inputs: { name: 'Image', default: url } },
  '2': { class_type: 'CinegraphInputText', inputs: { name: 'Prompt', default: '' } },
  '4': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['1', 0] } },
});

/** The real peer as the only shared worker, checked every two seconds. */
export async function startPeerPool(t: TestApp, worker: SharedWorker): Promise<WorkerPool> {
  const pool = new WorkerPool({ db: t.db, workers: [worker], healthIntervalMs: 2_000 });
  await pool.start();
  return pool;
}

/** Each successful take's stored bytes against the file ComfyUI wrote for it (`written` says where). */
export async function expectTakesAsWritten(
  storage: Storage,
  publicUrl: string,
  rows: GenerationRow[],
  written: (row: GenerationRow) => string,
): Promise<void> {
  for (const row of rows) {
    if (row.status !== 'success') continue;
    const output = row.output as { url: string };
    const stored = await storage.get(storedFileKey(publicUrl, output.url)!);
    const file = written(row);
    expect(existsSync(file), file).toBe(true);
    expect(stored!.body.equals(readFileSync(file)), `take ${row.id} is what ComfyUI wrote`).toBe(true);
  }
}
