import type { DevWorker, DevWorkerOptions } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generations, nodes, workers as workerRows } from '../db/schema';
import { applyWorkflowToNode } from '../services/workflows/node-workflow';
import { readWorkflow } from '../services/workflows/workflow-handles';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  generate,
  generationMovie,
  getGeneration,
  startWorkers,
  STILL_WORKFLOW,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { waitingForClassesMessage } from './waiting-jobs';

/** A core class of a ComfyUI newer than the preview worker's copy (as SaveAudioAdvanced is). */
const NEWER_CLASS = 'ImageInvertAdvanced';
const NEWER_DEFINITION: DevWorkerOptions['objectInfo'] = {
  [NEWER_CLASS]: {
    input: { required: { image: ['IMAGE'] } },
    input_order: { required: ['image'] },
    output: ['IMAGE'],
    output_is_list: [false],
    output_name: ['IMAGE'],
    name: NEWER_CLASS,
    display_name: 'Invert Image (Advanced)',
    description: '',
    category: 'image',
    output_node: false,
    python_module: 'nodes',
  },
};
/** STILL_WORKFLOW with the still passed through the newer class before it is saved. */
const NEWER_WORKFLOW = {
  ...STILL_WORKFLOW,
  '5': { class_type: NEWER_CLASS, inputs: { image: ['3', 0] } },
  '4': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['5', 0] } },
};

let t: TestApp;
let m: GenerationMovie;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
  const text = JSON.stringify(NEWER_WORKFLOW);
  await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, node!, {
    workflow: readWorkflow(text),
    ui: null,
    api: text,
  });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

async function worker(knowsNewerClass: boolean): Promise<DevWorker> {
  const options = knowsNewerClass ? { objectInfo: NEWER_DEFINITION } : {};
  const started = await startWorkers(t, 1, options);
  cleanups.push(() => started.pool.stop());
  cleanups.push(() => started.workers[0]!.close());
  return started.workers[0]!;
}

function dispatcher() {
  const d = testDispatcher(t);
  cleanups.push(() => d.stop());
  d.start();
  return d;
}

async function workerIdOf(w: DevWorker): Promise<string> {
  const [row] = await t.db.select().from(workerRows).where(eq(workerRows.url, w.url));
  return row!.id;
}

async function historyCount(w: DevWorker): Promise<number> {
  const response = await fetch(`${w.url}/history`);
  return Object.keys((await response.json()) as object).length;
}

describe('routing a job to a worker that knows its node classes', () => {
  it('records the classes a job needs and the classes each worker knows', async () => {
    const lacking = await worker(false);
    const knowing = await worker(true);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const [job] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(job!.requiredClasses).toEqual([
      'CinegraphInputText',
      'CinegraphInputVector2',
      'CinegraphOutput',
      'EmptyImage',
      NEWER_CLASS,
    ]);
    const known = async (w: DevWorker) =>
      (await t.db.select().from(workerRows).where(eq(workerRows.url, w.url)))[0]!.nodeClasses;
    expect(await known(lacking)).not.toContain(NEWER_CLASS);
    expect(await known(knowing)).toContain(NEWER_CLASS);
  });

  it('gives the jobs needing a class only to the worker that knows it', async () => {
    const lacking = await worker(false);
    const knowing = await worker(true);
    const ids = await generate(t, m, m.shotIds, 3);
    dispatcher();
    await waitForStatus(t, ids, ['success'], 30_000);
    const rows = await t.db.select().from(generations);
    const knowingId = await workerIdOf(knowing);
    expect(rows.map((r) => r.workerId)).toEqual(rows.map(() => knowingId));
    expect(await historyCount(lacking)).toBe(0);
    expect(await historyCount(knowing)).toBe(ids.length);
  });

  it('keeps a job pending with the reason while no worker knows its class, and runs it when one connects', async () => {
    const lacking = await worker(false);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    const reason = waitingForClassesMessage([NEWER_CLASS]);
    expect(reason).toBe('Waiting for a worker with ImageInvertAdvanced');
    await expect.poll(async () => (await getGeneration(t, m, id!)).inference.warning).toBe(reason);
    expect((await getGeneration(t, m, id!)).status).toBe('pending');
    expect(await historyCount(lacking)).toBe(0);

    const knowing = await worker(true);
    await waitForStatus(t, [id!], ['success'], 30_000);
    const take = await getGeneration(t, m, id!);
    expect(take.inference.warning).toBeNull();
    const [row] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(row!.workerId).toBe(await workerIdOf(knowing));
    expect(await historyCount(lacking)).toBe(0);
  });
});
