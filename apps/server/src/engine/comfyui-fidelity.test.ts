import { ComfyClient } from '@cinegraph/comfy';
import { readPngText, startDevWorker, type DevWorker, type DevWorkerOptions } from '@cinegraph/dev-worker';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generations, nodes, workers as workerRows } from '../db/schema';
import { storedFileKey, storedFileUrl } from '../services/assets/stored-files';
import { applyWorkflowToNode } from '../services/workflows/node-workflow';
import { readWorkflow } from '../services/workflows/workflow-handles';
import { startListeningTestApp } from '../routes/assets/listening-test-app';
import type { TestApp } from '../test/test-app';
import { claimPendingGeneration } from './claim';
import {
  generate,
  generationMovie,
  submitThenCrash,
  getGeneration,
  STILL_WORKFLOW,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { preparePrompt } from './prepare-prompt';
import { WorkerPool } from './worker-pool';

let t: TestApp;
let m: GenerationMovie;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  // Listening at its PUBLIC_URL: workers download signed addresses of its storage as a real worker would.
  t = await startListeningTestApp();
  m = await generationMovie(t);
}, 120_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
}, 120_000);

async function worker(options: DevWorkerOptions = {}): Promise<{ dev: DevWorker; pool: WorkerPool }> {
  const dev = await startDevWorker({ port: 0, stepMs: 5, ...options });
  const pool = new WorkerPool({
    db: t.db,
    workers: [{ url: dev.url, label: 'worker 1', servesEditor: false }],
    healthIntervalMs: 60_000,
  });
  await pool.start();
  cleanups.push(
    () => dev.close(),
    () => pool.stop(),
  );
  return { dev, pool };
}

function dispatcher(options: Parameters<typeof testDispatcher>[1] = {}) {
  const d = testDispatcher(t, options);
  cleanups.push(() => d.stop());
  d.start();
  return d;
}

async function useWorkflow(api: object, ui: string | null = null) {
  const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
  const text = JSON.stringify(api);
  await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, node!, {
    workflow: readWorkflow(text),
    ui,
    api: text,
  });
}

async function row(id: string) {
  const [found] = await t.db.select().from(generations).where(eq(generations.id, id));
  return found!;
}

async function json<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

type History = Record<
  string,
  { prompt: [number, string, Record<string, { inputs: Record<string, unknown> }>] }
>;

describe('a LoRA uploaded to the studio', () => {
  it('reaches the worker as a signed expiring address it can download without a session', async () => {
    // The LoRA's keyword feeds a node the output needs, so the worker runs the LoRA node as the pack would.
    await useWorkflow({
      ...STILL_WORKFLOW,
      '5': { class_type: 'CinegraphInputLora', inputs: { name: 'Style', default: '' } },
      '6': { class_type: 'ShuffleImageTextDataset', inputs: { images: ['3', 0], texts: ['5', 2], seed: 0 } },
      '4': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['6', 0] } },
    });
    const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
    const lora = node!.inputHandles.find((h) => h.type === 'lora')!;
    const key = `users/${m.user.userId}/assets/lora-1/mara.safetensors`;
    await t.storage.put(key, Buffer.from('not really a LoRA'), 'application/octet-stream');
    const address = storedFileUrl(t.config.publicUrl, key);
    // What the run on real ComfyUI found: the studio's own address needs a session.
    expect((await fetch(address, { redirect: 'manual' })).status).toBe(401);

    // Two takes with the same LoRA.
    const [id, next] = await generate(t, m, [m.shotIds[0]!], 2);
    const value = { keyword: 'mara', url: address, strength: 0.8 };
    const inputs = { ...(await row(id!)).workflowInputs, [lora.id]: { type: 'lora', value } };
    await t.db
      .update(generations)
      .set({ workflowInputs: inputs })
      .where(inArray(generations.id, [id!, next!]));
    const { dev } = await worker();
    dispatcher();
    await waitForStatus(t, [id!, next!], ['success', 'failed']);
    expect((await getGeneration(t, m, id!)).inference.error_message).toBeNull();

    const promptId = (await row(id!)).promptId!;
    const history = await json<History>(`${dev.url}/history/${promptId}`);
    const sent = JSON.parse(String(history[promptId]!.prompt[2]['5']!.inputs.default)) as typeof value;
    expect(sent).toMatchObject({ keyword: 'mara', strength: 0.8 });
    expect(sent.url).not.toBe(address);
    const download = await fetch(sent.url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('not really a LoRA');

    // The pack caches a download by its URL: the other take with the same LoRA sent the same address.
    const nextId = (await row(next!)).promptId!;
    const nextHistory = await json<History>(`${dev.url}/history/${nextId}`);
    const resent = JSON.parse(String(nextHistory[nextId]!.prompt[2]['5']!.inputs.default)) as typeof value;
    expect(resent.url).toBe(sent.url);
  });
});

describe('a prompt submitted just before the studio crashed', () => {
  for (const protocol of ['0.8.0', '0.3.18'] as const) {
    it(`is found on its worker and followed, never run twice (ComfyUI ${protocol})`, async () => {
      const { dev } = await worker({ protocol, stepMs: 50 });
      const { id } = await submitThenCrash(t, m, new ComfyClient({ baseUrl: dev.url }));
      expect((await row(id)).status).toBe('assigned');
      dispatcher({ resumeAllOnStart: true });
      await waitForStatus(t, [id], ['success', 'failed'], 30_000);
      const done = await row(id);
      expect(done.status).toBe('success');
      expect(done.attempts).toBe(1);
      const history = await json<History>(`${dev.url}/history`);
      expect(Object.keys(history)).toEqual([done.promptId]);
    });
  }

  it('is submitted again when it never reached the worker', async () => {
    const { dev } = await worker();
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await claimPendingGeneration(t.db);
    await t.db
      .update(generations)
      .set({ promptId: crypto.randomUUID(), comfyClientId: 'gone' })
      .where(eq(generations.id, id!));
    dispatcher({ resumeAllOnStart: true });
    await waitForStatus(t, [id!], ['success'], 30_000);
    expect(Object.keys(await json<History>(`${dev.url}/history`))).toHaveLength(1);
  });
});

describe('what the worker reports', () => {
  it('shows outputs ComfyUI left out (node_errors on an accepted prompt) as a warning on the take', async () => {
    await useWorkflow({
      ...STILL_WORKFLOW,
      '8': { class_type: 'ImageInvert', inputs: {} },
      '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'extra' } },
    });
    await worker();
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    await waitForStatus(t, [id!], ['success', 'failed']);
    const take = await getGeneration(t, m, id!);
    expect(take.status).toBe('success');
    expect(take.inference.warning).toBe(
      'ComfyUI left out outputs that failed validation: Required input is missing: image (node 8 ImageInvert)',
    );
  });

  it("times the GPU by the worker's execution_start and execution_success, not the download", async () => {
    const { dev } = await worker({ stepMs: 40 });
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    await waitForStatus(t, [id!], ['success']);
    const done = await row(id!);
    const history = await json<Record<string, { status: { messages: [string, { timestamp: number }][] } }>>(
      `${dev.url}/history/${done.promptId}`,
    );
    const at = (type: string) =>
      history[done.promptId!]!.status.messages.find(([n]) => n === type)![1].timestamp;
    expect(done.gpuSeconds).toBe((at('execution_success') - at('execution_start')) / 1000);
  });

  it("keeps ComfyUI's workflow PNG chunk beside the prompt in the take", async () => {
    // The node's UI workflow (what ComfyUI's editor saves), uploaded beside its API prompt.
    const ui = JSON.stringify({
      last_node_id: 2,
      last_link_id: 1,
      nodes: [
        {
          id: 1,
          type: 'EmptyImage',
          pos: [0, 0],
          outputs: [{ name: 'IMAGE', type: 'IMAGE', links: [1] }],
          widgets_values: [48, 32, 1, 0],
        },
        {
          id: 2,
          type: 'CinegraphOutput',
          pos: [300, 0],
          inputs: [{ name: 'images', type: 'IMAGE', link: 1 }],
          widgets_values: ['still', 'cinegraph/output'],
        },
      ],
      links: [[1, 1, 0, 2, 0, 'IMAGE']],
      groups: [],
      version: 0.4,
    });
    await useWorkflow(STILL_WORKFLOW, ui);
    await worker();
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    dispatcher();
    await waitForStatus(t, [id!], ['success']);
    const take = await getGeneration(t, m, id!);
    const stored = await t.storage.get(storedFileKey(t.config.publicUrl, take.output!.url)!);
    const chunks = readPngText(stored!.body);
    expect(Object.keys(chunks).sort()).toEqual(['prompt', 'workflow']);
    expect(JSON.parse(chunks.workflow!)).toEqual(JSON.parse(ui));
    expect(JSON.parse(chunks.prompt!)['4'].inputs.filename_prefix).toBe(`cinegraph/${id}`);
  });
});

describe('a worker that hung and came back', () => {
  it('loses the prompts of jobs that moved elsewhere, keeps others, and gets jobs at its next answer', async () => {
    const { dev, pool } = await worker({ stepMs: 300 });
    const [workerRow] = await t.db.select().from(workerRows);
    // The studio gave up on the worker: its job went back to the queue (and may run elsewhere).
    const [moved] = await generate(t, m, [m.shotIds[0]!], 1);
    const claimed = (await claimPendingGeneration(t.db))!;
    const client = new ComfyClient({ baseUrl: dev.url });
    const setup = { db: t.db, storage: t.storage, publicUrl: t.config.publicUrl, client };
    const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
    const { prompt } = await preparePrompt(setup, node!, claimed.job);
    const foreign = await client.queuePrompt({
      '1': { class_type: 'EmptyImage', inputs: { width: 8, height: 8, batch_size: 1, color: 0 } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'someone-else' } },
    });
    const left = await client.queuePrompt(prompt);
    await t.db
      .update(generations)
      .set({ status: 'pending', workerId: null, promptId: null })
      .where(eq(generations.id, moved!));
    await t.db.update(workerRows).set({ healthy: false }).where(eq(workerRows.id, workerRow!.id));

    // The dispatcher ticks rarely: only the worker's return can get the waiting job claimed soon.
    const d = dispatcher({ intervalMs: 600_000 });
    await d.tick();
    expect((await row(moved!)).status).toBe('pending');
    const back = new WorkerPool({
      db: t.db,
      workers: [],
      healthIntervalMs: 600_000,
      recheckIntervalMs: 50,
      onAvailable: () => void d.tick(),
    });
    cleanups.push(() => back.stop());
    await pool.stop();
    await back.start();

    await waitForStatus(t, [moved!], ['success'], 30_000);
    const history = await json<Record<string, unknown>>(`${dev.url}/history`);
    const queue = await client.getQueue();
    const everywhere = [
      ...Object.keys(history),
      ...[...queue.running, ...queue.pending].map((i) => i.prompt_id),
    ];
    expect(everywhere).not.toContain(left.prompt_id);
    expect(everywhere).toContain(foreign.prompt_id);
    expect(everywhere).toContain((await row(moved!)).promptId);
  });
});
