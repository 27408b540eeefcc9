import { describe, expect, it } from 'vitest';
import { mergeItemInputs, sameInputs, type InputSource } from './inputs-sync';

const location: InputSource = {
  node_id: 'n1',
  name: 'Location',
  type: 'text',
  value: 'harbour',
  hidden: false,
};
const mood: InputSource = { node_id: 'n2', name: 'Mood', type: 'text', value: undefined, hidden: false };

describe('mergeItemInputs', () => {
  it("adds an entry for a new input node, starting from the node's value", () => {
    expect(mergeItemInputs([], [location, mood])).toEqual([
      { node_id: 'n1', name: 'Location', type: 'text', value: 'harbour' },
      { node_id: 'n2', name: 'Mood', type: 'text' },
    ]);
  });

  it("keeps the item's own value when the node is renamed", () => {
    const existing = [{ node_id: 'n1', name: 'Old name', type: 'text', value: 'desert' }];
    expect(mergeItemInputs(existing, [{ ...location, name: 'Place' }])).toEqual([
      { node_id: 'n1', name: 'Place', type: 'text', value: 'desert' },
    ]);
  });

  it("starts again from the node's value when the node's type changed", () => {
    const existing = [{ node_id: 'n1', name: 'Location', type: 'text', value: 'desert' }];
    const asImage = { ...location, type: 'image', value: 'https://example.com/a.png' };
    expect(mergeItemInputs(existing, [asImage])).toEqual([
      { node_id: 'n1', name: 'Location', type: 'image', value: 'https://example.com/a.png' },
    ]);
  });

  it('removes entries of deleted nodes and follows the order of the nodes', () => {
    const existing = [
      { node_id: 'gone', name: 'Gone', type: 'text', value: 'x' },
      { node_id: 'n2', name: 'Mood', type: 'text', value: 'calm' },
      { node_id: 'n1', name: 'Location', type: 'text', value: 'desert' },
    ];
    expect(mergeItemInputs(existing, [location, mood]).map((i) => [i.node_id, i.value])).toEqual([
      ['n1', 'desert'],
      ['n2', 'calm'],
    ]);
  });

  it('marks the inputs of hidden nodes as hidden', () => {
    expect(mergeItemInputs([], [{ ...location, hidden: true }])[0]).toMatchObject({ hidden: true });
  });
});

describe('sameInputs', () => {
  it('ignores the key order jsonb stores objects in, but not the values', () => {
    const stored = [{ type: 'lora', name: 'L', node_id: 'n', value: { url: 'u', keyword: 'k' } }];
    const merged = [{ node_id: 'n', name: 'L', type: 'lora', value: { keyword: 'k', url: 'u' } }];
    expect(sameInputs(stored, merged)).toBe(true);
    expect(sameInputs(stored, [{ ...merged[0]!, value: { keyword: 'other', url: 'u' } }])).toBe(false);
  });
});
