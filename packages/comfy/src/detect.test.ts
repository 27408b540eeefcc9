import { describe, expect, it } from 'vitest';
import { detectHandles, type WorkflowHandles } from './detect';
import { MissingOutputError } from './errors';
import { parseWorkflow } from './parse';
import { readWorkflowText, workflowFiles } from './test-support/fixtures';

const detect = (name: string) => detectHandles(parseWorkflow(readWorkflowText(name)));

/** Compact view: `id name type [input]` per handle. */
const summary = (handles: WorkflowHandles) => ({
  inputs: handles.inputs.map((h) => `${h.id} ${h.name} ${h.type} ${h.input}`),
  outputs: handles.outputs.map((h) => `${h.id} ${h.name} ${h.type}`),
});

const saveOnly = (...outputs: string[]) => ({ inputs: [], outputs });

/** The expected handles of every fixture workflow; `null` where the workflow must be refused. */
const EXPECTED: Record<string, ReturnType<typeof summary> | null> = {
  // Only PreviewImage nodes: nothing is saved, so nothing to collect.
  'ComfyUI-Impact-Pack__test__detailer-pipe-test.ui.json': null,
  'ComfyUI-LTXVideo__example_workflows__2.0__LTX-2_T2V_Distilled_wLora.ui.json': saveOnly(
    'output-5075 Save Video video',
  ),
  // Ends in PreviewAudio, which is not a saving node.
  'ComfyUI-LTXVideo__example_workflows__2.3__LTX-2.3_T2A_Single_Stage_Distilled.ui.json': null,
  'ComfyUI_examples__edit_models__sdxl_edit_model.png.prompt.api.json': saveOnly('output-9 Save Image image'),
  'ComfyUI_examples__edit_models__sdxl_edit_model.png.workflow.ui.json':
    saveOnly('output-9 Save Image image'),
  'ComfyUI_examples__flux__flux_kontext_example.png.prompt.api.json': saveOnly('output-9 Save Image image'),
  'ComfyUI_examples__flux__flux_kontext_example.png.workflow.ui.json': saveOnly('output-9 Save Image image'),
  // The bypassed SaveWEBM (84) does not count.
  'ComfyUI_examples__hunyuan_video__hunyuan_video_image_to_video_v2.webp.prompt.api.json': saveOnly(
    'output-75 SaveAnimatedWEBP video',
  ),
  'ComfyUI_examples__hunyuan_video__hunyuan_video_image_to_video_v2.webp.workflow.ui.json': saveOnly(
    'output-75 Save Animated WEBP video',
  ),
  'ComfyUI_examples__ltxv__ltxv_image_to_video.0.9.5.webp.prompt.api.json': saveOnly(
    'output-41 SaveAnimatedWEBP video',
  ),
  'ComfyUI_examples__ltxv__ltxv_image_to_video.0.9.5.webp.workflow.ui.json': saveOnly(
    'output-41 Save Animated WEBP video',
  ),
  // The muted CheckpointSave (14) is not an output either way.
  'ComfyUI_examples__model_merging__model_merging_basic.png.prompt.api.json':
    saveOnly('output-9 Save Image image'),
  'ComfyUI_examples__model_merging__model_merging_basic.png.workflow.ui.json':
    saveOnly('output-9 Save Image image'),
  'ComfyUI_examples__sdxl__sdxl_simple_example.png.prompt.api.json': saveOnly('output-19 Save Image image'),
  'ComfyUI_examples__sdxl__sdxl_simple_example.png.workflow.ui.json': saveOnly('output-19 Save Image image'),
  'ComfyUI_examples__wan22__text_to_video_wan22_14B.webp.prompt.api.json': saveOnly(
    'output-28 SaveAnimatedWEBP video',
    'output-47 SaveWEBM video',
  ),
  'ComfyUI_examples__wan22__text_to_video_wan22_14B.webp.workflow.ui.json': saveOnly(
    'output-28 Save Animated WEBP video',
    'output-47 Save WEBM video',
  ),
  'ViewComfy__hosting-examples__modal__view_comfy.viewcomfy+api.json': saveOnly('output-9 Save Image image'),
  'comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow.ui.json': {
    inputs: [
      'input-11 prompt text value',
      'input-13 height number value',
      'input-14 width number value',
      'input-27 seed number value',
    ],
    outputs: ['output-30 CPack Output Image image'],
  },
  'comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow_api.api.json': {
    inputs: [
      'input-11 prompt text value',
      'input-13 height number value',
      'input-14 width number value',
      'input-27 seed number value',
    ],
    outputs: ['output-30 Image Output image'],
  },
  'comfyui-api__test__workflows__sd1.5-img2img.api.json': saveOnly('output-9 Save Image image'),
  'comfyui-api__test__workflows__sd1.5-multi-output.api.json': saveOnly(
    'output-11 Save Image (11) image',
    'output-16 Save Image (16) image',
  ),
  // Three ComfyDeploy image inputs but only PreviewImage nodes: refused for want of an output.
  'comfyui-deploy__example_workflows__masks.ui.json': null,
  'comfyui-deploy__examples__flux-dev.ui.json': {
    inputs: [
      'input-38 Prompt text default_value',
      'input-39 Width number default_value',
      'input-40 Height number default_value',
    ],
    outputs: ['output-9 Save Image image'],
  },
  'comfyui-deploy__examples__hunyuan-video.ui.json': {
    inputs: [
      'input-78 Prompt text default_value',
      'input-79 Width number default_value',
      'input-83 Height number default_value',
    ],
    outputs: ['output-75 Save Animated WEBP video'],
  },
  // The bypassed SaveWEBM (47) does not count.
  'comfyui-deploy__examples__wan-21-i2v-480p.ui.json': {
    inputs: [
      'input-55 Prompt text default_value',
      'input-56 Negative Prompt text default_value',
      'input-57 Image Url image input_id',
      'input-58 Width number default_value',
      'input-59 Height number default_value',
    ],
    outputs: ['output-28 Save Animated WEBP video'],
  },
};

describe('detectHandles on every fixture', () => {
  it('has an expectation for every workflow in the fixtures folder', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(workflowFiles());
  });

  it.each(workflowFiles())('finds the handles of %s', (name) => {
    const expected = EXPECTED[name];
    if (expected === null) {
      expect(() => detect(name)).toThrow(MissingOutputError);
      expect(() => detect(name)).toThrow('The workflow has no output node');
    } else {
      expect(summary(detect(name))).toEqual(expected);
    }
  });
});
