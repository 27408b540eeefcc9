import { detectHandles, parseWorkflow, type ApiPrompt } from '@cinegraph/comfy';
import type { EditorNode, Movie } from '@cinegraph/contracts';
import {
  startDevWorker,
  type DevWorker,
  type NodeDefinition as DevNodeDefinition,
} from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workers } from '../../db/schema';
import { upsertSharedWorker } from '../../engine/worker-pool';
import { recordedClasses } from '../../engine/worker-classes';
import { convertWaitingNodes } from '../../services/workflows/waiting-nodes';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient, workflowBody } from '../editor/editor-test-client';
import { COMFY_DEPLOY_FLUX, fileField, fixture, handleRows, uploadWorkflow } from './workflow-test-support';

const SDXL_UI = 'ComfyUI_examples__sdxl__sdxl_simple_example.png.workflow.ui.json';
/** Needs the LTXVideo and ComfyMath packs, which the preview worker has not got. */
const LTX_UI = 'ComfyUI-LTXVideo__example_workflows__2.0__LTX-2_T2V_Distilled_wLora.ui.json';
const SDXL_API = 'ComfyUI_examples__sdxl__sdxl_simple_example.png.prompt.api.json';

let t: TestApp;
let api: ReturnType<typeof editorClient>;
let ann: SignedInUser;
let bob: SignedInUser;
let movie: Movie;
let worker: DevWorker;
let workerRunning = false;

beforeAll(async () => {
  t = await createTestApp();
  api = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
  movie = await api.newMovie(ann);
  worker = await startDevWorker({ port: 0, stepMs: 5 });
  workerRunning = true;
});
afterAll(async () => {
  if (workerRunning) await worker.close();
  await t.close();
});

const newWorkflowNode = () => api.addNode(ann, movie._id, workflowBody('Render', [], []));

/** Registers the dev worker, healthy, as the shared pool's or as one user's own (as a real ComfyUI if asked). */
async function registerWorker(owner: SignedInUser | null, servesEditor = false) {
  const row = await upsertSharedWorker(t.db, { url: worker.url, label: 'preview', servesEditor });
  await t.db
    .update(workers)
    .set({ healthy: true, userId: owner?.userId ?? null, servesEditor })
    .where(eq(workers.id, row.id));
}

/** Voice in, saved by a ComfyUI core node newer than the preview worker's release (as ComfyUI saves it). */
const SAVE_AUDIO_ADVANCED_UI = JSON.stringify({
  last_node_id: 2,
  last_link_id: 1,
  nodes: [
    {
      id: 1,
      type: 'CinegraphInputAudio',
      title: 'Voice',
      mode: 0,
      inputs: [],
      outputs: [{ name: 'AUDIO', type: 'AUDIO', links: [1] }],
      properties: { 'Node name for S&R': 'CinegraphInputAudio' },
      widgets_values: ['Voice', '', 'The speech to save.'],
    },
    {
      id: 2,
      type: 'SaveAudioAdvanced',
      title: 'Save Audio',
      mode: 0,
      inputs: [{ name: 'audio', type: 'AUDIO', link: 1 }],
      outputs: [],
      properties: { cnr_id: 'comfy-core', ver: '0.9.0', 'Node name for S&R': 'SaveAudioAdvanced' },
      widgets_values: ['audio/ComfyUI', 'flac', '128k'],
    },
  ],
  links: [[1, 1, 0, 2, 0, 'AUDIO']],
  version: 0.4,
});

/** SaveAudioAdvanced as ComfyUI 0.9 declares it (the ComfyUI 0.8.0 here has not got it). */
const SAVE_AUDIO_ADVANCED: DevNodeDefinition = {
  input: {
    required: {
      audio: ['AUDIO', {}],
      filename_prefix: ['STRING', { default: 'audio/ComfyUI' }],
      format: [['flac', 'mp3', 'opus'], {}],
      quality: [['V0', '64k', '128k', '320k'], { default: '128k' }],
    },
  },
  input_order: { required: ['audio', 'filename_prefix', 'format', 'quality'] },
  output: [],
  output_is_list: [],
  output_name: [],
  name: 'SaveAudioAdvanced',
  display_name: 'Save Audio (Advanced)',
  description: '',
  python_module: 'comfy_extras.nodes_audio',
  category: 'audio',
  output_node: true,
};

async function storedJson(link: string): Promise<unknown> {
  const key = new URL(link, 'http://studio').searchParams.get('key')!;
  const file = await t.storage.get(key);
  return JSON.parse(file!.body.toString('utf8'));
}

/** What ComfyUI executes: class and inputs per node id. */
const executed = (prompt: ApiPrompt) =>
  Object.fromEntries(
    Object.entries(prompt).map(([id, node]) => [id, { class_type: node.class_type, inputs: node.inputs }]),
  );

describe('converting a UI-format workflow at upload', () => {
  it("keeps a UI-only workflow when the only worker is someone else's", async () => {
    await registerWorker(bob);
    const response = await uploadWorkflow(t, ann, await newWorkflowNode(), [
      fileField('sdxl.json', fixture(SDXL_UI)),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    // Converted later, on the worker the job is dispatched to.
    expect(response.json<EditorNode>().workflow?.api_link).toBeNull();
  });

  it("stores the API format converted with the worker's node definitions", async () => {
    await registerWorker(null);
    const node = await newWorkflowNode();
    const response = await uploadWorkflow(t, ann, node, [fileField('sdxl.json', fixture(SDXL_UI))]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<EditorNode>();
    expect(updated.upload_error).toBeNull();
    expect(handleRows(updated.output_handles)).toEqual([['output-19', 'Save Image', 'image']]);
    expect(await storedJson(updated.workflow!.link!)).toEqual(JSON.parse(fixture(SDXL_UI)));
    // Exactly the prompt ComfyUI's own frontend made from this workflow.
    const converted = (await storedJson(updated.workflow!.api_link!)) as ApiPrompt;
    expect(executed(converted)).toEqual(executed(JSON.parse(fixture(SDXL_API)) as ApiPrompt));
    // The dispatcher reads the handles from the API file: they are the node's handles.
    const fromApi = detectHandles(parseWorkflow(JSON.stringify(converted)));
    expect(fromApi.outputs.map((h) => h.id)).toEqual(updated.output_handles.map((h) => h.id));
  });

  it('keeps a workflow whose custom nodes the worker lacks, waiting for a worker that knows them', async () => {
    await registerWorker(ann);
    const node = await newWorkflowNode();
    const response = await uploadWorkflow(t, ann, node, [fileField('ltx.json', fixture(LTX_UI))]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<EditorNode>();
    expect(updated.upload_error).toBeNull();
    expect(updated.waiting_for_classes).toEqual([
      'CM_FloatToInt',
      'LTXVGemmaCLIPModelLoader',
      'LTXVGemmaEnhancePrompt',
      'LTXVSpatioTemporalTiledVAEDecode',
    ]);
    // The UI file as given, at a relative address (the studio may be reached under another host).
    expect(updated.workflow?.link).toMatch(/^\/api\/v1\/utils\/file\?key=/);
    expect(await storedJson(updated.workflow!.link!)).toEqual(JSON.parse(fixture(LTX_UI)));
    expect(updated.workflow?.api_link).toBeNull();
    expect(updated.output_handles.length).toBeGreaterThan(0);
  });

  it('keeps a workflow with a newer ComfyUI core node the preview worker lacks, with its handles', async () => {
    await registerWorker(null);
    const node = await newWorkflowNode();
    const response = await uploadWorkflow(t, ann, node, [
      fileField('save audio.json', SAVE_AUDIO_ADVANCED_UI),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<EditorNode>();
    expect(updated.upload_error).toBeNull();
    expect(handleRows(updated.input_handles)).toEqual([['input-1', 'Voice', 'audio']]);
    expect(handleRows(updated.output_handles)).toEqual([['output-2', 'Save Audio', 'audio']]);
    // Converted at dispatch, with the definitions of the ComfyUI the job runs on.
    expect(updated.workflow?.api_link).toBeNull();
    expect(await storedJson(updated.workflow!.link!)).toEqual(JSON.parse(SAVE_AUDIO_ADVANCED_UI));
  });

  it('keeps the same workflow waiting when a real ComfyUI lacks the core node, and converts it once one knows it', async () => {
    await registerWorker(null, true);
    const response = await uploadWorkflow(t, ann, await newWorkflowNode(), [
      fileField('save audio.json', SAVE_AUDIO_ADVANCED_UI),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const waiting = response.json<EditorNode>();
    expect(waiting.waiting_for_classes).toEqual(['SaveAudioAdvanced']);
    expect(waiting.workflow?.api_link).toBeNull();
    expect(handleRows(waiting.output_handles)).toEqual([['output-2', 'Save Audio', 'audio']]);

    // Nothing converts while no connected worker knows the class.
    const deps = {
      db: t.db,
      storage: t.storage,
      publicUrl: t.config.publicUrl,
      allowPrivateUserWorkers: true,
    };
    expect(await convertWaitingNodes(deps)).toBe(0);

    // A ComfyUI with the class connects: the node gets its API file, made with that worker's definitions.
    const newer = await startDevWorker({
      port: 0,
      stepMs: 5,
      objectInfo: { SaveAudioAdvanced: SAVE_AUDIO_ADVANCED },
    });
    try {
      const row = await upsertSharedWorker(t.db, { url: newer.url, label: 'newer', servesEditor: true });
      const classes = Object.keys((await (await fetch(`${newer.url}/object_info`)).json()) as object);
      await t.db
        .update(workers)
        .set({ healthy: true, ...recordedClasses(classes) })
        .where(eq(workers.id, row.id));
      expect(await convertWaitingNodes(deps)).toBe(1);
      const [converted] = (await api.nodes(ann, movie._id)).filter((n) => n._id === waiting._id);
      expect(converted?.waiting_for_classes).toEqual([]);
      expect(converted?.workflow?.link).toBe(waiting.workflow?.link);
      const prompt = (await storedJson(converted!.workflow!.api_link!)) as ApiPrompt;
      expect(prompt['2']).toMatchObject({
        class_type: 'SaveAudioAdvanced',
        inputs: { audio: ['1', 0], filename_prefix: 'audio/ComfyUI', format: 'flac', quality: '128k' },
      });
    } finally {
      await newer.close();
      await t.db.delete(workers).where(eq(workers.url, newer.url));
      await registerWorker(null);
    }
  });

  it('leaves the conversion to dispatch when the worker does not answer', async () => {
    // A stopped worker the health check has not caught yet: still marked healthy.
    const stopped = worker.url;
    await worker.close();
    workerRunning = false;
    await t.db.delete(workers);
    await t.db.insert(workers).values({ url: `${stopped}/stopped`, healthy: true, servesEditor: false });
    const response = await uploadWorkflow(t, ann, await newWorkflowNode(), [
      fileField('flux.json', fixture(COMFY_DEPLOY_FLUX)),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<EditorNode>();
    expect(updated.workflow?.api_link).toBeNull();
    expect(updated.workflow?.link).toBeTruthy();
  });
});
