import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { DevWorker } from '@cinegraph/dev-worker';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { characters, generations, nodes } from '../db/schema';
import { HttpError } from '../http/errors';
import { connect } from '../services/editor/connections';
import { storedFileUrl } from '../services/assets/stored-files';
import { applyWorkflowToNode } from '../services/workflows/node-workflow';
import { readWorkflow } from '../services/workflows/workflow-handles';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  generate,
  generationMovie,
  getGeneration,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';

let t: TestApp;
let m: GenerationMovie;
let worker: DevWorker;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  const started = await startWorkers(t, 1);
  worker = started.workers[0]!;
  const dispatcher = testDispatcher(t);
  cleanups.push(
    () => started.pool.stop(),
    () => started.workers[0]!.close(),
    () => dispatcher.stop(),
  );
  dispatcher.start();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

/** Gives the movie's workflow node another workflow, then feeds input-1 from the named node. */
async function useWorkflow(files: { ui: string | null; api: string | null }, source: [string, string]) {
  const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
  await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, node!, {
    workflow: readWorkflow((files.api ?? files.ui)!),
    ...files,
  });
  const [from] = await t.db
    .select()
    .from(nodes)
    .where(and(eq(nodes.movieId, m.movieId), eq(nodes.name, source[0])));
  const edge = {
    source_node_id: from!.id,
    source_handle_id: source[1],
    target_node_id: m.nodeId,
    target_handle_id: 'input-1',
  };
  // An edge into a handle the new workflow keeps (same id and type) is already there.
  await connect(t.db, m.movieId, edge).catch((error: unknown) => {
    if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
  });
}

/** Makes the shot's character Mara's reference image the file at `key`, fed to the workflow's image input. */
async function useReferenceImage(key: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  await t.storage.put(key, png, 'image/png');
  const [reference] = await t.db
    .select()
    .from(nodes)
    .where(and(eq(nodes.movieId, m.movieId), eq(nodes.name, 'Reference Image')));
  const [mara] = await t.db.select().from(characters).where(eq(characters.movieId, m.movieId));
  const url = storedFileUrl(t.config.publicUrl, key);
  await t.db
    .update(characters)
    .set({ inputs: mara!.inputs.map((i) => (i.node_id === reference!.id ? { ...i, value: url } : i)) })
    .where(eq(characters.id, mara!.id));
  const workflow = JSON.stringify({
    '1': { class_type: 'CinegraphInputImage', inputs: { name: 'Face', default: '' } },
    '2': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['1', 0] } },
  });
  await useWorkflow({ ui: null, api: workflow }, ['Reference Image', 'output']);
  return url;
}

describe("another user's files", () => {
  const othersKey = 'users/00000000-0000-4000-8000-0000000000aa/assets/face/secret.png';

  it('are refused at generate with a clear message', async () => {
    await useReferenceImage(othersKey);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/generate/workflow_node_id/${m.nodeId}/movie_id/${m.movieId}/user_id/${m.user.userId}`,
      headers: { cookie: m.user.cookie },
      payload: { shot_ids: [m.shotIds[0]], num_jobs: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'An input uses a file you do not have access to: secret.png' });
    expect(await t.db.select().from(generations)).toEqual([]);
  });

  it('never reach the worker, even from a generation queued before the check', async () => {
    const url = await useReferenceImage(othersKey);
    const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
    const [queued] = await t.db
      .insert(generations)
      .values({
        movieId: m.movieId,
        workflowNodeId: node!.id,
        shotId: m.shotIds[0]!,
        userId: m.user.userId,
        level: 'shot',
        workflowInputs: { 'input-1': { type: 'image', value: url } },
      })
      .returning();
    await waitForStatus(t, [queued!.id], ['success', 'failed']);
    const take = await getGeneration(t, m, queued!.id);
    expect(take.status).toBe('failed');
    expect(take.inference.error_message).toBe('An input uses a file you do not have access to: secret.png');
    const uploaded = await readdir(path.join(worker.dataDir, 'input')).catch(() => [] as string[]);
    expect(uploaded.some((name) => name.endsWith('secret.png'))).toBe(false);
  });
});

describe('inputs reaching the worker', () => {
  it('uploads the reference image of the character named in the shot to the worker', async () => {
    const url = await useReferenceImage(`users/${m.user.userId}/assets/face/mara.png`);

    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed']);
    const take = await getGeneration(t, m, id!);
    expect(take.inference.error_message).toBeNull();
    expect(take.status).toBe('success');
    expect(take.workflow_inputs['input-1']).toMatchObject({ type: 'image', value: url });
    const uploaded = await readdir(path.join(worker.dataDir, 'input'));
    expect(uploaded.some((name) => name.endsWith('mara.png'))).toBe(true);
  });

  it("converts a UI-only workflow with the worker's node definitions and runs it", async () => {
    const ui = JSON.stringify({
      nodes: [
        { id: 1, type: 'CinegraphInputText', widgets_values: ['Prompt', '', ''], outputs: [] },
        {
          id: 2,
          type: 'EmptyImage',
          widgets_values: [40, 24, 1, 0],
          outputs: [{ name: 'IMAGE', type: 'IMAGE', links: [1] }],
        },
        {
          id: 3,
          type: 'CinegraphOutput',
          inputs: [{ name: 'images', type: 'IMAGE', link: 1 }],
          widgets_values: ['still', 'cinegraph/output'],
        },
      ],
      links: [[1, 2, 0, 3, 0, 'IMAGE']],
    });
    await useWorkflow({ ui, api: null }, ['Cinegraph Prompt', 'enhanced_prompt']);

    const [id] = await generate(t, m, [m.shotIds[1]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed']);
    const take = await getGeneration(t, m, id!);
    expect(take.inference.error_message).toBeNull();
    expect(take.output?.type).toBe('image');
  });
});
