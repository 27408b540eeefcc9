import { describe, expect, it } from 'vitest';
import type { ApiPrompt } from './api-format';
import { completePrompt, IncompleteWorkflowError } from './complete';
import type { ObjectInfo } from './object-info';

// Definitions as the Cinegraph node pack and ComfyUI declare them (only what completion reads).
const objectInfo: ObjectInfo = {
  CinegraphOutput: {
    input: {
      required: { name: ['STRING', { default: 'output' }] },
      optional: { images: ['IMAGE', {}], filename_prefix: ['STRING', { default: 'cinegraph/output' }] },
    },
    output_node: true,
  },
  CinegraphInputLora: {
    input: {
      required: {
        name: ['STRING', { default: 'lora' }],
        default: ['STRING', { default: '' }],
        strength: ['FLOAT', { default: 1, min: 0, max: 2 }],
      },
      optional: { model: ['MODEL', {}], tooltip: ['STRING', {}] },
    },
  },
  KSampler: {
    input: {
      required: {
        model: ['MODEL', {}],
        steps: ['INT', { min: 1, max: 10000 }],
        sampler_name: [['euler', 'dpmpp_2m']],
        scheduler: ['COMBO', { options: ['normal', 'karras'] }],
        add_noise: ['BOOLEAN', {}],
      },
    },
  },
};

describe('completePrompt', () => {
  it('fills the widget inputs a node lacks with their defaults, as ComfyUI’s frontend does', () => {
    const prompt: ApiPrompt = {
      '1': { class_type: 'CinegraphInputLora', inputs: { name: 'Style' } },
      '2': { class_type: 'KSampler', inputs: { model: ['1', 0] } },
      '3': { class_type: 'CinegraphOutput', inputs: { images: ['2', 0] }, _meta: { title: 'Still' } },
      '4': { class_type: 'SomeCustomNode', inputs: {} },
    };
    const { prompt: completed, filled } = completePrompt(prompt, objectInfo);
    expect(completed).toEqual({
      '1': {
        class_type: 'CinegraphInputLora',
        inputs: { name: 'Style', default: '', strength: 1, tooltip: '' },
      },
      '2': {
        class_type: 'KSampler',
        inputs: { model: ['1', 0], steps: 1, sampler_name: 'euler', scheduler: 'normal', add_noise: false },
      },
      '3': {
        class_type: 'CinegraphOutput',
        inputs: { images: ['2', 0], name: 'output', filename_prefix: 'cinegraph/output' },
        _meta: { title: 'Still' },
      },
      '4': { class_type: 'SomeCustomNode', inputs: {} },
    });
    expect(filled.map((f) => `${f.node_id}.${f.input}`)).toContain('3.name');
    expect(prompt['3']!.inputs).toEqual({ images: ['2', 0] });
  });

  it('refuses a required input only a link can give, naming node and input', () => {
    const prompt: ApiPrompt = {
      '7': { class_type: 'KSampler', inputs: { steps: 20 }, _meta: { title: 'Sampler' } },
    };
    expect(() => completePrompt(prompt, objectInfo)).toThrow(IncompleteWorkflowError);
    expect(() => completePrompt(prompt, objectInfo)).toThrow(
      'The node 7 "Sampler" (KSampler) input "model" has no value and no default: set it in ComfyUI and export again.',
    );
  });
});
