import { describe, expect, it } from 'vitest';
import type { ApiPrompt } from './api-format';
import { convertUiToApi } from './convert';
import { UnknownNodeClassError, WorkflowFormatError } from './errors';
import { parseWorkflow } from './parse';
import type { ObjectInfo } from './object-info';
import { objectInfo080 as objectInfo, readWorkflowText, workflowFiles } from './test-support/fixtures';
import type { UiWorkflow } from './ui-format';

function readUi(name: string): UiWorkflow {
  const parsed = parseWorkflow(readWorkflowText(name));
  if (parsed.format !== 'ui') throw new Error(`${name} is not in the UI format`);
  return parsed.workflow;
}

function readApi(name: string): ApiPrompt {
  const parsed = parseWorkflow(readWorkflowText(name));
  if (parsed.format !== 'api') throw new Error(`${name} is not in the API format`);
  return parsed.prompt;
}

/** What the server executes: class and inputs per node id (`_meta` and `is_changed` are informational). */
const executed = (prompt: ApiPrompt) =>
  Object.fromEntries(
    Object.entries(prompt).map(([id, node]) => [id, { class_type: node.class_type, inputs: node.inputs }]),
  );

/**
 * Frontends before late 2024 also sent the value of LoadImage's upload button (`upload: "image"`); current
 * ones do not, and the server ignores it. The converter follows current frontends, so the stored prompts
 * of the older pairs lose that one key here (and the test checks it was exactly that).
 */
function withoutLegacyUploadButton(prompt: ApiPrompt): ApiPrompt {
  const copy = structuredClone(executed(prompt)) as ApiPrompt;
  for (const node of Object.values(copy)) {
    if (node.class_type === 'LoadImage' && 'upload' in node.inputs) {
      expect(node.inputs.upload).toBe('image');
      delete node.inputs.upload;
    }
  }
  return copy;
}

const pairs = workflowFiles()
  .filter((name) => name.startsWith('ComfyUI_examples__') && name.endsWith('.workflow.ui.json'))
  .map((name) => [name, name.replace('.workflow.ui.json', '.prompt.api.json')] as const);

describe('convertUiToApi on the golden pairs', () => {
  it('finds all seven ComfyUI_examples pairs', () => {
    expect(pairs).toHaveLength(7);
  });

  it.each(pairs)('converts %s to exactly the prompt ComfyUI produced', (uiName, apiName) => {
    const converted = convertUiToApi(readUi(uiName), objectInfo);
    expect(executed(converted)).toEqual(withoutLegacyUploadButton(readApi(apiName)));
  });

  it('converts the comfy-pack workflow given comfy-pack node definitions', () => {
    const ui = readUi('comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow.ui.json');
    // comfy-pack is a custom node pack, absent from the recorded server: without it the conversion must
    // name the missing classes, as a real worker without the pack would.
    expect(() => convertUiToApi(ui, objectInfo)).toThrow(
      new UnknownNodeClassError(['CPackInputInt', 'CPackInputString', 'CPackOutputImage']),
    );
    // With the pack's definitions (inputs as comfy-pack declares them) the result matches comfy-pack's own.
    const withPack: ObjectInfo = {
      ...objectInfo,
      CPackInputString: { input: { required: { value: ['STRING', { default: '' }] } } },
      CPackInputInt: {
        input: { required: { value: ['INT', {}], min: ['INT', {}], max: ['INT', {}] } },
        input_order: { required: ['value', 'min', 'max'] },
      },
      CPackOutputImage: {
        input: { required: { images: ['IMAGE', {}], filename_prefix: ['STRING', {}] } },
        input_order: { required: ['images', 'filename_prefix'] },
        output_node: true,
      },
    };
    const expected = readApi(
      'comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow_api.api.json',
    );
    expect(executed(convertUiToApi(ui, withPack))).toEqual(executed(expected));
  });
});

describe('convertUiToApi on the other fixture workflows', () => {
  const LTX2 = 'ComfyUI-LTXVideo__example_workflows__2.0__LTX-2_T2V_Distilled_wLora.ui.json';

  it.each([
    [
      LTX2,
      [
        'CM_FloatToInt',
        'LTXVGemmaCLIPModelLoader',
        'LTXVGemmaEnhancePrompt',
        'LTXVSpatioTemporalTiledVAEDecode',
      ],
    ],
    [
      'ComfyUI-LTXVideo__example_workflows__2.3__LTX-2.3_T2A_Single_Stage_Distilled.ui.json',
      ['LTXFloatToInt', 'LTXVAudioOnlyEmptyVideoLatent', 'LTXVAudioOnlyModel'],
    ],
    [
      'comfyui-deploy__examples__flux-dev.ui.json',
      ['ComfyUIDeployExternalNumberInt', 'ComfyUIDeployExternalText'],
    ],
  ])('names the custom node classes of %s that the server lacks', (name, classes) => {
    expect(() => convertUiToApi(readUi(name), objectInfo)).toThrow(new UnknownNodeClassError(classes));
  });

  it('expands a subgraph with parent:child ids, promoted widgets and bypassed LoRA loaders', () => {
    // The LTX custom nodes are not in the recorded server; minimal definitions with the widget order of
    // the workflow stand in for them so the core of the conversion can be checked.
    const withLtx: ObjectInfo = {
      ...objectInfo,
      CM_FloatToInt: { input: { required: { a: ['FLOAT', {}] } } },
      LTXVGemmaCLIPModelLoader: {
        input: {
          required: { gemma_path: ['STRING', {}], ltxv_path: ['STRING', {}], max_length: ['INT', {}] },
        },
      },
      LTXVGemmaEnhancePrompt: {
        input: { required: { clip: ['CLIP', {}], prompt: ['STRING', {}], system_prompt: ['STRING', {}] } },
      },
      LTXVSpatioTemporalTiledVAEDecode: {
        input: { required: { vae: ['VAE', {}], latents: ['LATENT', {}], spatial_tiles: ['INT', {}] } },
      },
    };
    const prompt = convertUiToApi(readUi(LTX2), withLtx);
    // The subgraph instance itself is not a node; its inner nodes are, under its id.
    expect(prompt['5232']).toBeUndefined();
    expect(prompt['5232:5158']).toMatchObject({ class_type: 'RandomNoise', inputs: { noise_seed: 45 } });
    // Inner links from the subgraph's inputs reach the outer nodes.
    expect(prompt['5232:5163']?.inputs.length).toEqual(['5218', 0]);
    // The two bypassed LoRA loaders (5230, 5231) pass the checkpoint's model straight through.
    expect(prompt['5230']).toBeUndefined();
    expect(prompt['5232:5151']?.inputs.model).toEqual(['5228', 0]);
    expect(prompt['5232:5171']?.inputs.model).toEqual(['5228', 0]);
    // Outer nodes read the subgraph's outputs from the inner nodes that produce them.
    expect(prompt['5229']?.inputs).toMatchObject({ images: ['5232:5185', 0], audio: ['5232:5169', 0] });
    // Markdown notes are dropped.
    expect(Object.values(prompt).some((node) => node.class_type === 'MarkdownNote')).toBe(false);
  });
});

describe('convertUiToApi rules', () => {
  const node = (id: number, type: string, extra: Record<string, unknown> = {}) => ({
    id,
    type,
    mode: 0,
    ...extra,
  });
  const workflow = (nodes: unknown[], links: unknown[]): UiWorkflow => {
    const parsed = parseWorkflow({ nodes, links });
    if (parsed.format !== 'ui') throw new Error('expected the UI format');
    return parsed.workflow;
  };
  const checkpoint = node(1, 'CheckpointLoaderSimple', {
    outputs: [
      { name: 'MODEL', type: 'MODEL' },
      { name: 'CLIP', type: 'CLIP' },
      { name: 'VAE', type: 'VAE' },
    ],
    widgets_values: ['model.safetensors'],
  });

  it('reads widgets_values given as a dict by name', () => {
    const prompt = convertUiToApi(
      workflow(
        [node(1, 'EmptyLatentImage', { widgets_values: { width: 640, height: 480, batch_size: 2 } })],
        [],
      ),
      objectInfo,
    );
    expect(prompt['1']?.inputs).toEqual({ width: 640, height: 480, batch_size: 2 });
  });

  it('skips the control_after_generate slot after a seed', () => {
    const prompt = convertUiToApi(
      workflow([node(7, 'RandomNoise', { title: 'Noise', widgets_values: [1234, 'increment'] })], []),
      objectInfo,
    );
    expect(prompt['7']).toEqual({
      class_type: 'RandomNoise',
      inputs: { noise_seed: 1234 },
      _meta: { title: 'Noise' },
    });
  });

  it('follows reroutes and routes through a bypassed node by matching type', () => {
    const prompt = convertUiToApi(
      workflow(
        [
          checkpoint,
          node(2, 'Reroute', {
            inputs: [{ name: '', type: '*', link: 1 }],
            outputs: [{ name: '', type: '*' }],
          }),
          node(3, 'LoraLoaderModelOnly', {
            mode: 4,
            inputs: [{ name: 'model', type: 'MODEL', link: 2 }],
            widgets_values: ['lora.safetensors', 1],
          }),
          node(4, 'ModelSamplingSD3', {
            inputs: [{ name: 'model', type: 'MODEL', link: 3 }],
            widgets_values: [8],
          }),
        ],
        [
          [1, 1, 0, 2, 0, 'MODEL'],
          [2, 2, 0, 3, 0, 'MODEL'],
          [3, 3, 0, 4, 0, 'MODEL'],
        ],
      ),
      objectInfo,
    );
    expect(Object.keys(prompt).sort()).toEqual(['1', '4']);
    expect(prompt['4']?.inputs).toEqual({ model: ['1', 0], shift: 8 });
  });

  it('drops muted nodes and the inputs that read from them', () => {
    const prompt = convertUiToApi(
      workflow(
        [
          node(1, 'CheckpointLoaderSimple', { mode: 2, widgets_values: ['model.safetensors'] }),
          node(4, 'ModelSamplingSD3', {
            inputs: [{ name: 'model', type: 'MODEL', link: 1 }],
            widgets_values: [8],
          }),
        ],
        [[1, 1, 0, 4, 0, 'MODEL']],
      ),
      objectInfo,
    );
    expect(prompt).toEqual({
      '4': { class_type: 'ModelSamplingSD3', inputs: { shift: 8 }, _meta: { title: 'ModelSamplingSD3' } },
    });
  });

  it('refuses a subgraph that contains itself', () => {
    const parsed = parseWorkflow({
      nodes: [node(1, 'loop')],
      links: [],
      definitions: { subgraphs: [{ id: 'loop', nodes: [node(1, 'loop')], links: [] }] },
    });
    if (parsed.format !== 'ui') throw new Error('expected the UI format');
    expect(() => convertUiToApi(parsed.workflow, objectInfo)).toThrow(WorkflowFormatError);
    expect(() => convertUiToApi(parsed.workflow, objectInfo)).toThrow('Subgraphs are nested too deeply');
  });

  it('refuses subgraphs that multiply into too many nodes', () => {
    const fan = (id: string, inner: string) => ({
      id,
      nodes: Array.from({ length: 10 }, (_, index) => node(index + 1, inner)),
      links: [],
    });
    const parsed = parseWorkflow({
      nodes: [node(1, 'a')],
      links: [],
      definitions: {
        subgraphs: [fan('a', 'b'), fan('b', 'c'), fan('c', 'd'), fan('d', 'e'), fan('e', 'SaveImage')],
      },
    });
    if (parsed.format !== 'ui') throw new Error('expected the UI format');
    expect(() => convertUiToApi(parsed.workflow, objectInfo)).toThrow(
      'The workflow expands to more than 20000 nodes',
    );
  });

  it('names every unknown node class at once', () => {
    const ui = workflow([node(1, 'MyCustomNode'), node(2, 'OtherPackNode'), node(3, 'Note')], []);
    expect(() => convertUiToApi(ui, objectInfo)).toThrow('Unknown node classes: MyCustomNode, OtherPackNode');
  });
});
