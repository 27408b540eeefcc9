import { describe, expect, it } from 'vitest';
import type { Handle } from './editor';
import {
  checkConnection,
  edgeId,
  generatingNodeLevel,
  handleTypesCompatible,
  wouldCreateCycle,
  type GraphNodeLike,
} from './graph-rules';
import type { HandleType } from './handles';

function node(id: string, inputs: [string, HandleType][], outputs: [string, HandleType][]): GraphNodeLike {
  const handles = (list: [string, HandleType][]): Handle[] =>
    list.map(([hid, type]) => ({ id: hid, name: hid, type }));
  return {
    id,
    type: 'workflow',
    level: 'editor',
    input_handles: handles(inputs),
    output_handles: handles(outputs),
  };
}

const style = node('style', [], [['output', 'text']]);
const anything = node('anything', [], [['output', 'any']]);
const video = node(
  'video',
  [
    ['prompt', 'text'],
    ['image', 'image'],
    ['media', 'any'],
  ],
  [['video', 'video']],
);

describe('edgeId', () => {
  it('joins source, source handle, target and target handle', () => {
    expect(
      edgeId({ source_node_id: 'a', source_handle_id: 'out', target_node_id: 'b', target_handle_id: 'in' }),
    ).toBe('a-out-b-in');
  });

  it('defaults a missing source handle to "output"', () => {
    expect(
      edgeId({ source_node_id: 'a', source_handle_id: null, target_node_id: 'b', target_handle_id: 'in' }),
    ).toBe('a-output-b-in');
    expect(
      edgeId({ source_node_id: 'a', source_handle_id: '', target_node_id: 'b', target_handle_id: 'in' }),
    ).toBe('a-output-b-in');
  });
});

describe('handleTypesCompatible', () => {
  it('accepts the same type and anything to or from "any"', () => {
    expect(handleTypesCompatible('text', 'text')).toBe(true);
    expect(handleTypesCompatible('any', 'image')).toBe(true);
    expect(handleTypesCompatible('video', 'any')).toBe(true);
  });

  it('refuses two different concrete types', () => {
    expect(handleTypesCompatible('text', 'image')).toBe(false);
    expect(handleTypesCompatible('number', 'vector2')).toBe(false);
  });
});

describe('checkConnection', () => {
  it('allows a text output into a text input', () => {
    expect(checkConnection(style, 'output', video, 'prompt')).toEqual({ ok: true });
  });

  it("allows an 'any' output into a typed input and a typed output into an 'any' input", () => {
    expect(checkConnection(anything, 'output', video, 'image').ok).toBe(true);
    expect(checkConnection(style, 'output', video, 'media').ok).toBe(true);
  });

  it('refuses a text output into an image input, naming both types', () => {
    expect(checkConnection(style, 'output', video, 'image')).toEqual({
      ok: false,
      reason: 'A text output cannot connect to a image input.',
    });
  });

  it('refuses a missing node, a self connection and unknown handles', () => {
    expect(checkConnection(undefined, 'output', video, 'prompt').ok).toBe(false);
    expect(checkConnection(video, 'video', video, 'media')).toMatchObject({ ok: false, reason: /itself/ });
    expect(checkConnection(style, 'nope', video, 'prompt')).toMatchObject({
      ok: false,
      reason: /no output "nope"/,
    });
    expect(checkConnection(style, 'output', video, 'nope')).toMatchObject({
      ok: false,
      reason: /no input "nope"/,
    });
  });
});

describe('wouldCreateCycle', () => {
  const edges = [
    { source_node_id: 'a', target_node_id: 'b' },
    { source_node_id: 'b', target_node_id: 'c' },
  ];

  it('finds a loop when the target already feeds the source', () => {
    expect(wouldCreateCycle(edges, 'c', 'a')).toBe(true);
  });

  it('allows edges that keep the graph acyclic', () => {
    expect(wouldCreateCycle(edges, 'a', 'c')).toBe(false);
    expect(wouldCreateCycle(edges, 'd', 'a')).toBe(false);
  });
});

describe('generatingNodeLevel', () => {
  it("is 'shot' when any source is a shot-level primitive", () => {
    expect(
      generatingNodeLevel([
        { type: 'primitive', level: 'movie' },
        { type: 'primitive', level: 'shot' },
      ]),
    ).toBe('shot');
  });

  it("is 'scene' otherwise, also when a non-primitive sits at level shot", () => {
    expect(generatingNodeLevel([{ type: 'primitive', level: 'scene' }])).toBe('scene');
    expect(generatingNodeLevel([{ type: 'workflow', level: 'shot' }])).toBe('scene');
    expect(generatingNodeLevel([])).toBe('scene');
  });
});
