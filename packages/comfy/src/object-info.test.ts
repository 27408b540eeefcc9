import { describe, expect, it } from 'vitest';
import { widgetSlots, type NodeDefinition } from './object-info';
import { objectInfo080 } from './test-support/fixtures';

const slots = (classType: string) =>
  widgetSlots(objectInfo080[classType]!).map((slot) => `${slot.name}:${slot.kind}`);

describe('widgetSlots on ComfyUI 0.8.0 definitions', () => {
  it('follows input_order and puts the control slot after the seed', () => {
    expect(slots('KSampler')).toEqual([
      'seed:value',
      'control_after_generate:control',
      'steps:value',
      'cfg:value',
      'sampler_name:value',
      'scheduler:value',
      'denoise:value',
    ]);
  });

  it('adds the upload slot after an input with an upload button', () => {
    expect(slots('LoadImage')).toEqual(['image:value', 'upload:upload']);
  });

  it('leaves out connection-only inputs', () => {
    expect(slots('VAEDecode')).toEqual([]);
    expect(slots('SaveImage')).toEqual(['filename_prefix:value']);
  });

  it('falls back to the seed name for servers without the control_after_generate flag', () => {
    const legacy: NodeDefinition = {
      input: { required: { seed: ['INT', { default: 0 }], steps: ['INT', {}] } },
    };
    expect(widgetSlots(legacy).map((slot) => slot.name)).toEqual(['seed', 'control_after_generate', 'steps']);
  });
});
