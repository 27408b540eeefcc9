import type { ItemInput } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { isMediaInput, panelInputs, withInputValue } from './inputs';

const inputs: ItemInput[] = [
  { node_id: '1', name: 'Prompt', type: 'text', value: 'a' },
  { node_id: '2', name: 'Flow', type: 'workflow', value: '' },
  { node_id: '3', name: 'Anything', type: 'any' },
  { node_id: '4', name: 'Secret', type: 'number', value: 3, hidden: true },
];

describe('panel inputs', () => {
  it("leaves out workflow and 'any' inputs, and hidden ones unless shown", () => {
    expect(panelInputs(inputs, false).map((i) => i.node_id)).toEqual(['1']);
    expect(panelInputs(inputs, true).map((i) => i.node_id)).toEqual(['1', '4']);
  });

  it('treats image, video and audio as media saved at once', () => {
    expect(['image', 'video', 'audio', 'text'].map(isMediaInput)).toEqual([true, true, true, false]);
  });

  it('replaces the value of one input only', () => {
    const next = withInputValue(inputs, '1', 'b');
    expect(next[0]?.value).toBe('b');
    expect(next[3]).toBe(inputs[3]);
  });
});
