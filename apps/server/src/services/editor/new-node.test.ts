import { describe, expect, it } from 'vitest';
import { buildNewNode } from './new-node';

const base = { name: '', position: { x: 10, y: 20 } } as const;

describe('buildNewNode', () => {
  it("gives a primitive one 'output' handle typed 'any' until it is connected, and its level's width", () => {
    const row = buildNewNode('m', { ...base, name: 'Style', type: 'primitive', level: 'movie' });
    expect(row.outputHandles).toEqual([{ id: 'output', name: 'Style', type: 'any' }]);
    expect(row.inputHandles).toEqual([]);
    expect(row.width).toBe(220);
  });

  it('types a primitive from the requested output handle', () => {
    const row = buildNewNode('m', {
      ...base,
      type: 'primitive',
      level: 'shot',
      output_handles: [{ id: 'x', name: 'Image', type: 'image' }],
    });
    expect(row.outputHandles).toEqual([{ id: 'output', name: 'Image', type: 'image' }]);
    expect(row.width).toBe(180);
  });

  it('refuses a primitive at the editor level', () => {
    expect(() => buildNewNode('m', { ...base, type: 'primitive', level: 'editor' })).toThrow(/level/);
  });

  it('builds a utility node from its template, whatever handles the body sends', () => {
    const row = buildNewNode('m', {
      ...base,
      type: 'utility',
      level: 'editor',
      utility_kind: 'add_text',
      input_handles: [{ id: 'x', name: 'X', type: 'image' }],
    });
    expect(row.name).toBe('Add Text');
    expect(row.inputHandles?.map((h) => h.name)).toEqual(['Text 1', 'Text 2']);
    expect(row.outputHandles).toEqual([{ id: 'text', name: 'Text', type: 'text' }]);
  });

  it('refuses a utility_kind on a workflow node and repeated handle ids', () => {
    expect(() =>
      buildNewNode('m', { ...base, type: 'workflow', level: 'editor', utility_kind: 'download' }),
    ).toThrow(/utility_kind/);
    const twice = [
      { id: 'a', name: 'A', type: 'text' as const },
      { id: 'a', name: 'B', type: 'text' as const },
    ];
    expect(() =>
      buildNewNode('m', { ...base, type: 'workflow', level: 'editor', input_handles: twice }),
    ).toThrow(/used twice/);
  });
});
