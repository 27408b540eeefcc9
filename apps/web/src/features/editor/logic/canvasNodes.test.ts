import type { Connection, EditorNode } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import {
  ANIMATED_EDGES_MAX,
  ANIMATED_EDGE_MAX_LENGTH,
  animateEdges,
  applyMovieInputs,
  canvasTypeOf,
  connectionOf,
  mergeServerNodes,
  movieInputsOf,
  serverKindOf,
  stillEdgesKey,
  toCanvasEdge,
  toCanvasNode,
} from './canvasNodes';

function node(overrides: Partial<EditorNode> = {}): EditorNode {
  return {
    _id: 'n1',
    movie_id: 'm1',
    name: 'Style',
    type: 'primitive',
    level: 'movie',
    position: { x: 10, y: 20 },
    width: null,
    hidden: false,
    value: 'noir',
    input_handles: [],
    output_handles: [{ id: 'output', name: 'output', type: 'text' }],
    workflow: null,
    utility_kind: null,
    upload_error: null,
    ...overrides,
  };
}

describe('display types', () => {
  it('shows a primitive by its level and saves it back as a primitive', () => {
    for (const level of ['movie', 'scene', 'shot', 'character'] as const) {
      const type = canvasTypeOf({ type: 'primitive', level });
      expect(type).toBe(`${level}Primitive`);
      expect(serverKindOf(type)).toEqual({ type: 'primitive', level });
    }
  });

  it('keeps workflow and utility nodes as they are', () => {
    expect(canvasTypeOf({ type: 'workflow', level: 'editor' })).toBe('workflow');
    expect(canvasTypeOf({ type: 'utility', level: 'editor' })).toBe('utility');
  });

  it('draws a node of an unknown kind as a utility node instead of failing', () => {
    expect(canvasTypeOf({ type: 'mystery' as never, level: 'editor' })).toBe('utility');
  });
});

describe('canvas nodes', () => {
  it('uses the default width of the display type when the node has none', () => {
    expect(toCanvasNode(node()).style?.width).toBe(220);
    expect(toCanvasNode(node({ level: 'shot' })).style?.width).toBe(180);
    expect(toCanvasNode(node({ type: 'workflow', level: 'editor' })).style?.width).toBe(300);
    expect(toCanvasNode(node({ width: 260 })).style?.width).toBe(260);
  });

  it('draws hidden nodes at half opacity', () => {
    expect(toCanvasNode(node({ hidden: true })).className).toContain('opacity-50');
    expect(toCanvasNode(node()).className).toBeUndefined();
  });

  it('keeps local positions over the server ones after the first load', () => {
    const local = [{ ...toCanvasNode(node()), position: { x: 300, y: 400 } }];
    const server = [node({ name: 'Renamed' })];
    const kept = mergeServerNodes(local, server, { keepLocalPositions: true, unsavedIds: new Set() });
    expect(kept[0]?.position).toEqual({ x: 300, y: 400 });
    expect(kept[0]?.data.node.name).toBe('Renamed');
    const first = mergeServerNodes(local, server, { keepLocalPositions: false, unsavedIds: new Set() });
    expect(first[0]?.position).toEqual({ x: 10, y: 20 });
  });

  it('keeps an unsaved local edit over the server data', () => {
    const local = [toCanvasNode(node({ value: 'typed' }))];
    const merged = mergeServerNodes(local, [node({ value: 'old', hidden: true })], {
      keepLocalPositions: true,
      unsavedIds: new Set(['n1']),
    });
    expect(merged[0]?.data.node.value).toBe('typed');
    expect(merged[0]?.data.node.hidden).toBe(true);
  });

  it('drops nodes the server no longer has and adds new ones', () => {
    const local = [toCanvasNode(node())];
    const merged = mergeServerNodes(local, [node({ _id: 'n2' })], {
      keepLocalPositions: true,
      unsavedIds: new Set(),
    });
    expect(merged.map((n) => n.id)).toEqual(['n2']);
  });
});

describe('movie inputs', () => {
  it('writes one input per movie-level input node', () => {
    const nodes = [node(), node({ _id: 'n2', level: 'scene' }), node({ _id: 'n3', type: 'workflow' })];
    expect(movieInputsOf(nodes)).toEqual([{ node_id: 'n1', type: 'text', name: 'Style', value: 'noir' }]);
  });

  it('applies saved movie input values to movie-level input nodes without a value', () => {
    const inputs = [{ node_id: 'n1', type: 'text', name: 'Style', value: 'pastel' }];
    expect(applyMovieInputs([node({ value: null })], inputs)[0]?.value).toBe('pastel');
    expect(applyMovieInputs([node({ level: 'scene', value: null })], inputs)[0]?.value).toBe(null);
  });

  it("keeps a node's own value over the movie's older input value", () => {
    const inputs = [{ node_id: 'n1', type: 'vector2', name: 'Resolution', value: [1920, 1080] }];
    expect(applyMovieInputs([node({ value: [1280, 720] })], inputs)[0]?.value).toEqual([1280, 720]);
  });
});

describe('edges', () => {
  const connection: Connection = {
    _id: 'c1',
    movie_id: 'm1',
    source_node_id: 'n1',
    source_handle_id: 'output',
    target_node_id: 'w1',
    target_handle_id: 'prompt',
  };

  it('names an edge by source, source handle, target and target handle, drawn still', () => {
    const edge = toCanvasEdge(connection, new Map([['n1', node()]]));
    expect(edge.id).toBe('n1-output-w1-prompt');
    expect(edge.animated).toBeUndefined();
    expect(edge.style?.stroke).toBe('#3b82f6');
  });

  it('animates every edge of a small graph, and in a large one only those into a generating node', () => {
    const edgesOf = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ id: `e${i}`, source: `n${i}`, target: `w${i % 2}` }));
    const small = edgesOf(ANIMATED_EDGES_MAX);
    expect(animateEdges(small, new Set()).every((edge) => edge.animated)).toBe(true);
    const large = edgesOf(ANIMATED_EDGES_MAX + 1);
    expect(animateEdges(large, new Set())).toBe(large);
    const moving = animateEdges(large, new Set(['w1']));
    expect(moving.map((edge) => edge.animated ?? false)).toEqual(large.map((edge) => edge.target === 'w1'));
    expect(moving[0]).toBe(large[0]);
    // The editor benchmark drags graphs of 200 and 1,000 edges against bare React Flow's still edges.
    expect(ANIMATED_EDGES_MAX).toBeLessThan(200);
  });

  it('keeps an edge to a node dragged far still, the others moving, with the same key through a drag', () => {
    const placed = (id: string, x: number, y = 0) => ({ id, position: { x, y } });
    const nodes = [placed('a', 0), placed('b', 400), placed('c', 800, 300), placed('far', 60_000, 40_000)];
    const edges = [
      { id: 'ab', source: 'a', target: 'b' },
      { id: 'bc', source: 'b', target: 'c' },
      { id: 'b-far', source: 'b', target: 'far' },
    ];
    const key = stillEdgesKey(edges, nodes, new Set());
    expect(key).toBe('b-far');
    const drawn = animateEdges(edges, new Set(), new Set(key.split(' ')));
    expect(drawn.map((edge) => edge.animated ?? false)).toEqual([true, true, false]);
    // Dragged a little: nothing changes class. Dragged back within reach: it moves again.
    expect(stillEdgesKey(edges, [...nodes.slice(0, 3), placed('far', 60_100, 40_000)], new Set())).toBe(key);
    const back = [...nodes.slice(0, 3), placed('far', ANIMATED_EDGE_MAX_LENGTH, 0)];
    expect(stillEdgesKey(edges, back, new Set())).toBe('');
    // In a large graph only the edges into a generating node would move: those are measured.
    const large = [
      ...edges,
      ...Array.from({ length: ANIMATED_EDGES_MAX }, (_, i) => ({ id: `e${i}`, source: 'a', target: 'b' })),
    ];
    expect(stillEdgesKey(large, nodes, new Set())).toBe('');
    expect(stillEdgesKey(large, nodes, new Set(['far']))).toBe('b-far');
    const generating = animateEdges(large, new Set(['far', 'c']), new Set(['b-far']));
    expect(generating.filter((edge) => edge.animated).map((edge) => edge.id)).toEqual(['bc']);
  });

  it('turns an edge back into a connection body', () => {
    expect(connectionOf({ source: 'a', target: 'b', sourceHandle: null, targetHandle: 'x' })).toEqual({
      source_node_id: 'a',
      target_node_id: 'b',
      source_handle_id: 'output',
      target_handle_id: 'x',
    });
  });
});
