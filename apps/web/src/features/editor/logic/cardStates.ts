import type { EditorNode } from '@cinegraph/contracts';
import type { CanvasNode } from './canvasNodes';
import type { CardState } from './farNodes';

/**
 * The cards' states, followed card by card: each card listens to its own node's state, and a new set of
 * states (a poll, a pushed change) wakes only the cards whose state changed. A card at 1,000 nodes never
 * redraws for another node's job.
 */
export interface CardStates {
  get(nodeId: string): CardState | null;
  subscribe(nodeId: string, listener: () => void): () => void;
  /** Takes the canvas's states now; tells the cards whose state this changes. */
  set(next: ReadonlyMap<string, CardState>): void;
}

export function createCardStates(): CardStates {
  let states: ReadonlyMap<string, CardState> = new Map();
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (nodeId) => states.get(nodeId) ?? null,
    subscribe(nodeId, listener) {
      let own = listeners.get(nodeId);
      if (!own) listeners.set(nodeId, (own = new Set()));
      own.add(listener);
      return () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(nodeId) === own) listeners.delete(nodeId);
      };
    },
    set(next) {
      const before = states;
      states = next;
      const changed = new Set<string>();
      for (const [id, state] of next) if (before.get(id) !== state) changed.add(id);
      for (const id of before.keys()) if (!next.has(id)) changed.add(id);
      for (const id of changed) listeners.get(id)?.forEach((listener) => listener());
    },
  };
}

/**
 * The nodes' own data (what they carry, not where they are), the same array as `previous` while no
 * node's data changed: a drag step moves nodes without touching their data, so whatever is read from
 * the data alone (the cards' states, the hidden nodes) is not read again at every step.
 */
export function nodeDataOf(
  nodes: readonly CanvasNode[],
  previous: readonly EditorNode[] | null,
): readonly EditorNode[] {
  if (previous?.length === nodes.length && nodes.every((node, i) => node.data.node === previous[i])) {
    return previous;
  }
  return nodes.map((node) => node.data.node);
}

/** nodeDataOf, remembering its last answer: the canvas asks it at each render. */
export function followNodeData(): (nodes: readonly CanvasNode[]) => readonly EditorNode[] {
  let last: readonly EditorNode[] | null = null;
  return (nodes) => (last = nodeDataOf(nodes, last));
}
