import type { Connection, EditorNode } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { createBusyCounter, createGraphStore } from './graphStore';

function node(id: string, overrides: Partial<EditorNode> = {}): EditorNode {
  return {
    _id: id,
    movie_id: 'm1',
    name: id,
    type: 'primitive',
    level: 'movie',
    position: { x: 0, y: 0 },
    width: null,
    hidden: false,
    value: '',
    input_handles: [{ id: 'in', name: 'In', type: 'text' }],
    output_handles: [{ id: 'output', name: 'output', type: 'text' }],
    workflow: null,
    utility_kind: null,
    upload_error: null,
    ...overrides,
  };
}

const link = (source: string, target: string): Connection => ({
  _id: `${source}${target}`,
  movie_id: 'm1',
  source_node_id: source,
  source_handle_id: 'output',
  target_node_id: target,
  target_handle_id: 'in',
});

describe('the canvas graph', () => {
  it('takes the server positions on the first load and keeps its own afterwards', () => {
    const store = createGraphStore();
    store.syncFromServer(
      { nodes: [node('a', { position: { x: 5, y: 5 } })], connections: [], movieInputs: [] },
      new Set(),
    );
    expect(store.node('a')?.position).toEqual({ x: 5, y: 5 });
    store.setNodes((nodes) => nodes.map((n) => ({ ...n, position: { x: 90, y: 90 } })));
    store.syncFromServer(
      { nodes: [node('a', { position: { x: 5, y: 5 } })], connections: [], movieInputs: [] },
      new Set(),
    );
    expect(store.node('a')?.position).toEqual({ x: 90, y: 90 });
  });

  it('fills movie-level input nodes without a value from the movie inputs', () => {
    const store = createGraphStore();
    store.syncFromServer(
      {
        nodes: [node('a', { value: null })],
        connections: [],
        movieInputs: [{ node_id: 'a', type: 'text', name: 'a', value: 'hi' }],
      },
      new Set(),
    );
    expect(store.node('a')?.data.node.value).toBe('hi');
  });

  it('shows only edges whose both nodes exist, and keeps edge selection across reloads', () => {
    const store = createGraphStore();
    const graph = {
      nodes: [node('a'), node('b')],
      connections: [link('a', 'b'), link('a', 'gone')],
      movieInputs: [],
    };
    store.syncFromServer(graph, new Set());
    expect(store.getSnapshot().edges.map((e) => e.id)).toEqual(['a-output-b-in']);
    store.setEdges((edges) => edges.map((e) => ({ ...e, selected: true })));
    store.syncFromServer(graph, new Set());
    expect(store.getSnapshot().edges[0]?.selected).toBe(true);
  });

  it('removes a node with every edge that touches it', () => {
    const store = createGraphStore();
    store.syncFromServer(
      {
        nodes: [node('a'), node('b'), node('c')],
        connections: [link('a', 'b'), link('b', 'c')],
        movieInputs: [],
      },
      new Set(),
    );
    store.removeNodes(new Set(['b']));
    expect(store.getSnapshot().nodes.map((n) => n.id)).toEqual(['a', 'c']);
    expect(store.getSnapshot().edges).toEqual([]);
  });

  it('patches a node locally at once', () => {
    const store = createGraphStore();
    store.syncFromServer({ nodes: [node('a')], connections: [], movieInputs: [] }, new Set());
    store.patchNode('a', { value: 'typed' });
    expect(store.node('a')?.data.node.value).toBe('typed');
  });
});

describe('the saving indicator', () => {
  it('counts calls in flight, also failed ones', async () => {
    const busy = createBusyCounter();
    const done = busy.track(Promise.resolve(1));
    expect(busy.getCount()).toBe(1);
    await done;
    await busy.track(Promise.reject(new Error('x'))).catch(() => undefined);
    expect(busy.getCount()).toBe(0);
  });
});
