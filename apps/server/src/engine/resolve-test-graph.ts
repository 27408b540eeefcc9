import type { HandleType, ItemInput } from '@cinegraph/contracts';
import type { InputTake, ResolveEdge, ResolveNode, ShotContext } from './shot-graph';

// Small graphs for the input-resolution tests.

export const primitive = (
  id: string,
  level: ResolveNode['level'],
  type: HandleType,
  value?: unknown,
): ResolveNode => ({
  id,
  name: id,
  type: 'primitive',
  level,
  value,
  utilityKind: null,
  inputHandles: [],
  outputHandles: [{ id: 'output', name: id, type }],
});
export const workflow = (
  id: string,
  inputs: [string, HandleType][],
  outputs: [string, HandleType][] = [],
) => ({
  id,
  name: id,
  type: 'workflow' as const,
  level: 'editor' as const,
  value: null,
  utilityKind: null,
  inputHandles: inputs.map(([h, type]) => ({ id: h, name: `${h} name`, type })),
  outputHandles: outputs.map(([h, type]) => ({ id: h, name: h, type })),
});
export const addText: ResolveNode = {
  ...workflow(
    'join',
    [
      ['text_1', 'text'],
      ['text_2', 'text'],
    ],
    [['text', 'text']],
  ),
  type: 'utility',
  utilityKind: 'add_text',
};
export const promptNode: ResolveNode = {
  ...workflow(
    'prompt',
    [
      ['prompt', 'text'],
      ['camera_angle', 'text'],
      ['extra_instructions_1', 'text'],
      ['extra_instructions_2', 'text'],
    ],
    [['enhanced_prompt', 'text']],
  ),
  type: 'utility',
  utilityKind: 'prompt',
};
export const edge = (s: string, sh: string, t: string, th: string): ResolveEdge => ({
  sourceNodeId: s,
  sourceHandleId: sh,
  targetNodeId: t,
  targetHandleId: th,
});
export const value = (node_id: string, v: unknown): ItemInput => ({
  node_id,
  name: node_id,
  type: 'text',
  value: v,
});

export function context(
  nodes: ResolveNode[],
  edges: ResolveEdge[],
  extra: Partial<Omit<ShotContext, 'nodes' | 'edges'>> = {},
): ShotContext {
  return {
    nodes: new Map(nodes.map((n) => [n.id, n])),
    edges,
    movieInputs: [],
    scene: { inputs: [] },
    shot: { description: '', inputs: [] },
    characters: [],
    takes: new Map<string, InputTake[]>(),
    ...extra,
  };
}
