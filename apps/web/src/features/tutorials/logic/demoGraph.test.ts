import { describe, expect, it } from 'vitest';
import { addExample, interactiveStartGraph } from './demoExamples';
import {
  checkDemoConnection,
  connectInDemo,
  DEMO_MESSAGES,
  disconnectInDemo,
  receivedInputs,
  removeDemoNode,
  type DemoGraph,
} from './demoGraph';

const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  source_node_id: source,
  source_handle_id: sourceHandle,
  target_node_id: target,
  target_handle_id: targetHandle,
});

const typeOf = (graph: DemoGraph, id: string) =>
  graph.nodes.find((n) => n._id === id)!.output_handles[0]!.type;
const start = interactiveStartGraph();

describe('the demo node editor', () => {
  it('connects an input to a handle of its type', () => {
    const next = connectInDemo(start, edge('shot-action', 'output', 'add-text', 'text_2'));
    expect(next.edges).toContainEqual(edge('shot-action', 'output', 'add-text', 'text_2'));
  });

  it('refuses to connect a locked input anywhere else, and to replace its edge', () => {
    const elsewhere = edge('movie-style', 'output', 'add-text', 'text_2');
    expect(checkDemoConnection(start, elsewhere)).toEqual({ ok: false, reason: DEMO_MESSAGES.locked });
    expect(connectInDemo(start, elsewhere)).toBe(start);
    const takeover = edge('shot-action', 'output', 'add-text', 'text_1');
    expect(checkDemoConnection(start, takeover)).toEqual({ ok: false, reason: DEMO_MESSAGES.lockedTarget });
    expect(checkDemoConnection(start, edge('movie-style', 'output', 'add-text', 'text_1')).ok).toBe(true);
  });

  it('keeps a locked edge and a locked node when asked to remove them', () => {
    expect(disconnectInDemo(start, start.edges[0]!)).toBe(start);
    expect(removeDemoNode(start, 'movie-style')).toBe(start);
  });

  it('connects a workflow output only to a workflow handle', () => {
    const intoUtility = edge('text-to-image', 'image', 'add-text', 'text_2');
    expect(checkDemoConnection(start, intoUtility)).toEqual({
      ok: false,
      reason: DEMO_MESSAGES.workflowOutput,
    });
    expect(checkDemoConnection(start, edge('text-to-image', 'image', 'image-to-video', 'image')).ok).toBe(
      true,
    );
  });

  it('still refuses a workflow output of the wrong type (the studio rule)', () => {
    const check = checkDemoConnection(start, edge('text-to-image', 'image', 'image-to-video', 'prompt'));
    expect(check).toEqual({ ok: false, reason: 'A image output cannot connect to a text input.' });
  });

  it('gives an input node the type of the handle it connects to, with that type’s default value', () => {
    const next = connectInDemo(start, edge('resolution', 'output', 'text-to-image', 'prompt'));
    expect(typeOf(next, 'resolution')).toBe('text');
    expect(next.nodes.find((n) => n._id === 'resolution')!.value).toBe('');
    const back = connectInDemo(next, edge('resolution', 'output', 'text-to-image', 'resolution'));
    expect(typeOf(back, 'resolution')).toBe('vector2');
  });

  it('keeps one outgoing connection per input node: a new one replaces the old', () => {
    const once = connectInDemo(start, edge('shot-action', 'output', 'add-text', 'text_2'));
    const twice = connectInDemo(once, edge('shot-action', 'output', 'text-to-image', 'prompt'));
    expect(twice.edges.filter((e) => e.source_node_id === 'shot-action')).toEqual([
      edge('shot-action', 'output', 'text-to-image', 'prompt'),
    ]);
  });

  it('keeps one connection per input handle', () => {
    const withNode = addExample(start, 'Input', 'Shot action');
    const once = connectInDemo(withNode, edge('shot-action', 'output', 'text-to-image', 'prompt'));
    const twice = connectInDemo(once, edge('add-text', 'text', 'text-to-image', 'prompt'));
    expect(twice.edges.filter((e) => e.target_handle_id === 'prompt')).toEqual([
      edge('add-text', 'text', 'text-to-image', 'prompt'),
    ]);
  });

  it('counts an input value only when the input’s type matches the handle', () => {
    const wired = connectInDemo(start, edge('resolution', 'output', 'text-to-image', 'resolution'));
    const received = receivedInputs(wired, 'text-to-image');
    expect(received).toEqual([
      { handle: 'Prompt', type: 'text', from: null, value: undefined },
      { handle: 'Resolution', type: 'vector2', from: 'Resolution', value: [720, 480] },
      { handle: 'Style', type: 'lora', from: null, value: undefined },
    ]);
    const mismatched: DemoGraph = {
      ...wired,
      nodes: wired.nodes.map((n) =>
        n._id === 'resolution' ? { ...n, output_handles: [{ ...n.output_handles[0]!, type: 'number' }] } : n,
      ),
    };
    expect(receivedInputs(mismatched, 'text-to-image')[1]!.value).toBeUndefined();
  });
});

describe('node examples', () => {
  it('adds a picked example as a new node below the others, with its own id', () => {
    const once = addExample(start, 'Utility', 'Add Text');
    const twice = addExample(once, 'Utility', 'Add Text');
    const added = twice.nodes.slice(-2);
    expect(added.map((n) => n._id)).toEqual(['add-text-1', 'add-text-2']);
    expect(added[0]!.position.y).toBeGreaterThan(Math.max(...start.nodes.map((n) => n.position.y)));
    expect(added[1]!.position.y).toBeGreaterThan(added[0]!.position.y);
  });
});
