import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  convertUiToApi,
  detectHandles,
  INPUT_NODES,
  ObjectInfoSchema,
  parseWorkflow,
  widgetSlots,
  type ApiPrompt,
  type UiWorkflow,
} from '@cinegraph/comfy';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevWorker, type DevWorker } from './dev-worker';
import { buildNodeCatalog, withInputFiles, type ObjectInfo } from './node-catalog';
import { connectWs, getJson, postJson } from './test-support';

/** The shared fixtures folder beside the repository (the same layout locally and in CI). */
const WORKFLOWS = path.resolve(import.meta.dirname, '../../../../shared/fixtures/comfyui-workflows');
const read = (name: string) => readFileSync(path.join(WORKFLOWS, name), 'utf8');
const PIXEL_ART = 'comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow';
const FLUX = 'comfyui-deploy__examples__flux-dev.ui.json';

function readUi(name: string): UiWorkflow {
  const parsed = parseWorkflow(read(name));
  if (parsed.format !== 'ui') throw new Error(`${name} is not in the UI format`);
  return parsed.workflow;
}

/** What the server executes: class and inputs per node id (`_meta` is informational). */
const executed = (prompt: ApiPrompt) =>
  Object.fromEntries(
    Object.entries(prompt).map(([id, node]) => [id, { class_type: node.class_type, inputs: node.inputs }]),
  );

const compatFixtures = readdirSync(WORKFLOWS)
  .filter((name) => /^(comfyui-deploy|comfy-pack)__.*\.ui\.json$/.test(name))
  .sort();

describe('the preview worker knows the ComfyDeploy and comfy-pack nodes', () => {
  const catalog = buildNodeCatalog();

  it('defines every ComfyDeploy and comfy-pack input class the studio detects', () => {
    const compat = [...INPUT_NODES.keys()].filter((name) => !name.startsWith('Cinegraph'));
    expect(compat.filter((name) => !catalog[name])).toEqual([]);
    for (const name of ['ComfyDeployOutputImage', 'ComfyDeployOutputText', 'CPackOutputImage']) {
      expect(catalog[name]?.output_node).toBe(true);
    }
  });

  it('reads UI-format values in the widget order the packs declare, also without /object_info', () => {
    const definitions = ObjectInfoSchema.parse(catalog);
    for (const [name, rule] of INPUT_NODES) {
      const definition = definitions[name];
      if (!definition || rule.convention === 'cinegraph') continue;
      const declared = widgetSlots(definition).map((slot) => slot.name);
      expect(declared.slice(0, rule.widgets.length), name).toEqual(rule.widgets);
    }
  });

  it("lists the input folder's files in the file inputs, as the packs do", () => {
    const listed = withInputFiles(catalog, ['cat.png', 'walk.mp4']);
    expect(listed.CPackInputImage?.input.required?.image).toEqual([
      ['cat.png', 'walk.mp4'],
      { image_upload: true },
    ]);
    expect(listed.ComfyUIDeployExternalVideo?.input.optional?.default_video).toEqual([['walk.mp4']]);
    expect(listed.ComfyUIDeployExternalVid?.input.optional?.default_value).toEqual([['walk.mp4']]);
  });

  it('finds the four ComfyDeploy examples and the comfy-pack one', () => {
    expect(compatFixtures).toHaveLength(5);
  });

  it.each(compatFixtures)('converts %s with the preview worker definitions', (name) => {
    const prompt = convertUiToApi(readUi(name), catalog);
    expect(Object.keys(prompt).length).toBeGreaterThan(3);
  });

  it("converts the comfy-pack workflow to exactly comfy-pack's own API file", () => {
    const converted = convertUiToApi(readUi(`${PIXEL_ART}.ui.json`), catalog);
    const stored = parseWorkflow(read(`${PIXEL_ART}_api.api.json`));
    if (stored.format !== 'api') throw new Error('expected the API format');
    expect(executed(converted)).toEqual(executed(stored.prompt));
  });

  it("maps a ComfyDeploy node's widgets to the inputs the pack declares", () => {
    const wan = convertUiToApi(readUi('comfyui-deploy__examples__wan-21-i2v-480p.ui.json'), catalog);
    const image = Object.values(wan).find((node) => node.class_type === 'ComfyUIDeployExternalImage');
    // Five widgets saved; the fifth belongs to the pack's editor extension, not to an input.
    expect(image?.inputs).toEqual({
      input_id: 'image_url',
      display_name: 'Image Url',
      description: 'URL of the input image.',
      default_value_url:
        'https://comfy-deploy-output.s3.us-east-2.amazonaws.com/assets/img_GZMJYXDnLbYjWybu.png',
    });
    const flux = convertUiToApi(readUi(FLUX), catalog);
    const width = Object.values(flux).find((node) => node.inputs.input_id === 'width');
    expect(width).toMatchObject({
      class_type: 'ComfyUIDeployExternalNumberInt',
      inputs: { input_id: 'width', default_value: 1024, display_name: 'Width' },
    });
    // The studio shows the ComfyDeploy inputs of the converted workflow under their display names.
    const handles = detectHandles({ format: 'api', prompt: flux });
    expect(handles.inputs.map((input) => [input.name, input.type, input.default])).toEqual([
      ['Prompt', 'text', expect.stringContaining('fennec ears')],
      ['Width', 'number', 1024],
      ['Height', 'number', 1024],
    ]);
  });
});

describe('running ComfyDeploy and comfy-pack workflows on the preview worker', () => {
  let worker: DevWorker;
  beforeAll(async () => {
    worker = await startDevWorker({ port: 0, stepMs: 2 });
  });
  afterAll(() => worker.close());

  async function run(prompt: ApiPrompt, clientId: string) {
    const ws = await connectWs(worker.url, clientId);
    const submitted = await postJson(worker.url, '/prompt', { prompt, client_id: clientId });
    expect(submitted.body).toMatchObject({ node_errors: {} });
    expect(submitted.status).toBe(200);
    const promptId = submitted.body!.prompt_id as string;
    await ws.untilDone(promptId);
    ws.close();
    const history = await getJson(worker.url, `/history/${promptId}`);
    return history[promptId] as { outputs: Record<string, Record<string, unknown[]>>; status: unknown };
  }

  const view = async (file: unknown) => {
    const { filename, subfolder, type } = file as Record<string, string>;
    const query = new URLSearchParams({ filename: filename!, subfolder: subfolder!, type: type! });
    const response = await fetch(`${worker.url}/view?${query}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it("runs ComfyDeploy's flux example converted with the worker's /object_info", async () => {
    const objectInfo = (await getJson(worker.url, '/object_info')) as ObjectInfo;
    const prompt = convertUiToApi(readUi(FLUX), objectInfo);
    const entry = await run(prompt, 'comfydeploy-flux');
    expect(entry.status).toMatchObject({ status_str: 'success', completed: true });
    const saved = Object.values(entry.outputs).flatMap((output) => output.images ?? []);
    expect(saved).toEqual([{ filename: 'ComfyUI_00001_.png', subfolder: '', type: 'output' }]);
    // The latent's size comes through the ComfyDeploy width/height inputs (1024 x 1024).
    const metadata = await sharp(await view(saved[0])).metadata();
    expect([metadata.width, metadata.height]).toEqual([1024, 1024]);
  });

  it('saves what the ComfyDeploy image and text outputs are asked for', async () => {
    const prompt: ApiPrompt = {
      '1': {
        class_type: 'ComfyUIDeployExternalText',
        inputs: { input_id: 'prompt', default_value: 'a red kite over dunes' },
      },
      '2': { class_type: 'ComfyUIDeployExternalNumberInt', inputs: { input_id: 'size', default_value: 256 } },
      '3': {
        class_type: 'EmptyImage',
        inputs: { width: ['2', 0], height: ['2', 0], batch_size: 1, color: 0 },
      },
      '4': {
        class_type: 'ComfyDeployOutputImage',
        inputs: { images: ['3', 0], filename_prefix: 'deploy', file_type: 'webp', quality: 80 },
      },
      '5': {
        class_type: 'ComfyDeployOutputText',
        inputs: { text: ['1', 0], filename_prefix: 'notes', file_type: 'txt', output_id: 'caption' },
      },
    };
    const entry = await run(prompt, 'comfydeploy-outputs');
    expect(entry.outputs['4']).toEqual({
      images: [{ filename: 'deploy_00001_.webp', subfolder: '', type: 'output' }],
    });
    const image = await sharp(await view(entry.outputs['4']!.images![0])).metadata();
    expect([image.format, image.width, image.height]).toEqual(['webp', 256, 256]);
    expect(entry.outputs['5']).toEqual({
      text_file: [{ filename: 'notes_00001_.txt', subfolder: '', type: 'output' }],
    });
    expect((await view(entry.outputs['5']!.text_file![0])).toString()).toBe('a red kite over dunes');
  });

  it("runs comfy-pack's pixel-art API workflow to its image output", async () => {
    const stored = parseWorkflow(read(`${PIXEL_ART}_api.api.json`));
    if (stored.format !== 'api') throw new Error('expected the API format');
    const entry = await run(stored.prompt, 'comfy-pack');
    expect(entry.outputs).toEqual({
      '30': { images: [{ filename: 'cpack_output__00001_.png', subfolder: '', type: 'output' }] },
    });
  });

  it("refuses comfy-pack's image input of a file that was never uploaded, as LoadImage", async () => {
    const submitted = await postJson(worker.url, '/prompt', {
      prompt: {
        '1': { class_type: 'CPackInputImage', inputs: { image: 'missing.png' } },
        '2': { class_type: 'CPackOutputImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
      },
    });
    expect(submitted.status).toBe(400);
    expect(submitted.body?.node_errors).toMatchObject({
      '1': {
        class_type: 'CPackInputImage',
        errors: [{ type: 'custom_validation_failed', details: 'image - Invalid image file: missing.png' }],
      },
    });
  });
});
