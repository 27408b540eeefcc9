import type { EditorNode, GenerationStatusCounts } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import type { CanvasNode } from './canvasNodes';
import { createCardStates, followNodeData, nodeDataOf } from './cardStates';
import { cardStates } from './farNodes';

const counts = (partial: Partial<GenerationStatusCounts>): GenerationStatusCounts => ({
  pending: 0,
  queued: 0,
  running: 0,
  assigned: 0,
  success: 0,
  failed: 0,
  ...partial,
});

const editorNode = (id: string, extra: Partial<EditorNode> = {}) =>
  ({ _id: id, name: id, upload_error: null, hidden: false, ...extra }) as EditorNode;

const canvasNode = (node: EditorNode, x = 0): CanvasNode =>
  ({ id: node._id, type: 'workflow', position: { x, y: 0 }, data: { node } }) as CanvasNode;

/** Counts each card's wake-ups. */
function listen(states: ReturnType<typeof createCardStates>, ids: string[]) {
  const woken: Record<string, number> = {};
  for (const id of ids) {
    woken[id] = 0;
    states.subscribe(id, () => (woken[id] = (woken[id] ?? 0) + 1));
  }
  return woken;
}

describe("the cards' states followed card by card", () => {
  const nodes = [editorNode('a'), editorNode('b'), editorNode('c')];

  it('wakes only the card whose job finished, and it shows no state (not running)', () => {
    const states = createCardStates();
    states.set(cardStates(nodes, { a: counts({ running: 1 }), b: counts({ running: 1 }) }));
    const woken = listen(states, ['a', 'b', 'c']);
    // The stream's refresh: a's job succeeded, b's runs on with progress in its counts.
    states.set(cardStates(nodes, { a: counts({ success: 1 }), b: counts({ running: 1, success: 2 }) }));
    expect(states.get('a')).toBeNull();
    expect(states.get('b')).toBe('running');
    expect(woken).toEqual({ a: 1, b: 0, c: 0 });
  });

  it('wakes a card whose node gains a state or changes it, and none for the same states again', () => {
    const states = createCardStates();
    const woken = listen(states, ['a', 'b', 'c']);
    states.set(cardStates(nodes, { a: counts({ queued: 1 }), c: counts({ failed: 1 }) }));
    expect(woken).toEqual({ a: 1, b: 0, c: 1 });
    states.set(cardStates(nodes, { a: counts({ running: 1 }), c: counts({ failed: 1 }) }));
    expect(states.get('a')).toBe('running');
    expect(woken).toEqual({ a: 2, b: 0, c: 1 });
    states.set(cardStates(nodes, { a: counts({ assigned: 1 }), c: counts({ failed: 2 }) }));
    expect(woken).toEqual({ a: 2, b: 0, c: 1 });
  });

  it('stops waking a card that let go (a card drawn in full again, or scrolled out of view)', () => {
    const states = createCardStates();
    let woken = 0;
    const stop = states.subscribe('a', () => (woken += 1));
    stop();
    states.set(cardStates(nodes, { a: counts({ running: 1 }) }));
    expect(woken).toBe(0);
    expect(states.get('a')).toBe('running');
  });
});

describe("the nodes' data through a drag", () => {
  const a = editorNode('a');
  const b = editorNode('b');

  it('is the same array while only positions change', () => {
    const before = nodeDataOf([canvasNode(a), canvasNode(b)], null);
    expect(nodeDataOf([canvasNode(a, 5), canvasNode(b)], before)).toBe(before);
  });

  it("is read again when a node's data changes, or a node comes or goes", () => {
    const before = nodeDataOf([canvasNode(a), canvasNode(b)], null);
    const failed = { ...b, upload_error: 'Upload failed' };
    expect(nodeDataOf([canvasNode(a), canvasNode(failed)], before)).toEqual([a, failed]);
    expect(nodeDataOf([canvasNode(a)], before)).toEqual([a]);
    expect(nodeDataOf([canvasNode(a), canvasNode(b), canvasNode(editorNode('c'))], before)).toHaveLength(3);
  });

  it('is remembered from one render to the next', () => {
    const dataOf = followNodeData();
    const first = dataOf([canvasNode(a), canvasNode(b)]);
    expect(dataOf([canvasNode(a, 10), canvasNode(b, 20)])).toBe(first);
    expect(dataOf([canvasNode(b), canvasNode(a)])).not.toBe(first);
  });
});
