import type { EditorNode, Generation } from '@cinegraph/contracts';
import { startDevWorker, type DevWorker } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes, workers } from '../../db/schema';
import {
  generate,
  generationMovie,
  getGeneration,
  startWorkers,
  testDispatcher,
  waitForStatus,
} from '../../engine/engine-test-support';
import { upsertSharedWorker } from '../../engine/worker-pool';
import { applyWorkflowToNode } from '../../services/workflows/node-workflow';
import { readWorkflow } from '../../services/workflows/workflow-handles';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient, workflowBody } from '../editor/editor-test-client';
import { fileField, uploadWorkflow } from './workflow-test-support';

/** An API file written by hand: the output has no `name`, the text input no `default`, the LoRA no `strength`. */
const SPARSE_API = {
  '1': { class_type: 'CinegraphInputText', inputs: { name: 'Prompt' } },
  '2': { class_type: 'CinegraphInputVector2', inputs: { name: 'Size', default: '64,64' } },
  '3': { class_type: 'EmptyImage', inputs: { width: ['2', 0], height: ['2', 1] } },
  '4': { class_type: 'CinegraphInputLora', inputs: { name: 'Style', default: '' } },
  '5': { class_type: 'CinegraphOutput', inputs: { images: ['3', 0] } },
};

let t: TestApp;
let api: ReturnType<typeof editorClient>;
let ann: SignedInUser;
let worker: DevWorker;

beforeAll(async () => {
  t = await createTestApp();
  api = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
  worker = await startDevWorker({ port: 0, stepMs: 5 });
});
afterAll(async () => {
  await worker.close();
  await t.close();
});

async function registerWorker() {
  const row = await upsertSharedWorker(t.db, { url: worker.url, label: 'preview', servesEditor: false });
  await t.db.update(workers).set({ healthy: true }).where(eq(workers.id, row.id));
}

async function storedApi(node: EditorNode): Promise<Record<string, { inputs: Record<string, unknown> }>> {
  const key = new URL(node.workflow!.api_link!, 'http://studio').searchParams.get('key')!;
  return JSON.parse((await t.storage.get(key))!.body.toString('utf8'));
}

describe('an API file lacking values a node requires', () => {
  it("is completed at upload from the worker's node definitions, as ComfyUI's frontend fills widgets", async () => {
    await registerWorker();
    const movie = await api.newMovie(ann);
    const node = await api.addNode(ann, movie._id, workflowBody('Render', [], []));
    const response = await uploadWorkflow(t, ann, node, [
      fileField('sparse.json', JSON.stringify(SPARSE_API)),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<EditorNode>();
    const stored = await storedApi(updated);
    expect(stored['5']!.inputs).toMatchObject({ name: 'output', images: ['3', 0] });
    expect(stored['1']!.inputs).toMatchObject({ name: 'Prompt', default: '' });
    expect(stored['4']!.inputs).toMatchObject({ strength: 1 });
    expect(stored['3']!.inputs).toMatchObject({ batch_size: 1, color: 0 });
    expect(updated.output_handles.map((h) => h.name)).toEqual(['output']);
    expect(updated.name).toBe('Render');
  });

  it("names a node still called 'Workflow' after the uploaded file", async () => {
    const movie = await api.newMovie(ann);
    const node = await api.addNode(ann, movie._id, workflowBody('Workflow', [], []));
    const text = JSON.stringify(SPARSE_API);
    const named = await uploadWorkflow(t, ann, node, [fileField('Harbour walk.json', text)]);
    expect(named.json<EditorNode>().name).toBe('Harbour walk');
    const again = await uploadWorkflow(t, ann, node, [fileField('workflow_api.json', text)]);
    expect(again.json<EditorNode>().name).toBe('Harbour walk');
  });

  it('is refused at upload when a required input has no default, naming node and input', async () => {
    await registerWorker();
    const movie = await api.newMovie(ann);
    const node = await api.addNode(ann, movie._id, workflowBody('Render', [], []));
    const broken = {
      ...SPARSE_API,
      '3': { class_type: 'EmptyImage', inputs: { height: ['2', 1] } },
      '6': {
        class_type: 'VAEDecode',
        inputs: { vae: ['3', 0] },
        _meta: { title: 'Decode' },
      },
    };
    const response = await uploadWorkflow(t, ann, node, [fileField('broken.json', JSON.stringify(broken))]);
    const detail =
      'The node 6 "Decode" (VAEDecode) input "samples" has no value and no default: set it in ComfyUI and export again.';
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
    const stored = (await api.nodes(ann, movie._id)).find((n) => n._id === node._id)!;
    expect(stored.upload_error).toBe(detail);
    expect(stored.workflow?.api_link ?? null).toBeNull();
  });

  it('is completed at dispatch when no worker answered at upload, and the job succeeds', async () => {
    const m = await generationMovie(t, 'dispatch@example.com');
    const [row] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
    const text = JSON.stringify(SPARSE_API);
    await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, row!, {
      workflow: readWorkflow(text),
      ui: null,
      api: text,
    });
    const started = await startWorkers(t, 1);
    const dispatcher = testDispatcher(t);
    dispatcher.start();
    try {
      const ids = await generate(t, m, [m.shotIds[0]!], 1);
      await waitForStatus(t, ids, ['success', 'failed'], 30_000);
      const done: Generation = await getGeneration(t, m, ids[0]!);
      expect([done.status, done.inference.error_message]).toEqual(['success', null]);
    } finally {
      await dispatcher.stop();
      await started.pool.stop();
      for (const w of started.workers) await w.close();
    }
  });
});
