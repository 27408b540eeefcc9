import type { Connection, EditorNode, MovieInput } from '@cinegraph/contracts';
import {
  applyMovieInputs,
  mergeServerNodes,
  toCanvasEdge,
  type CanvasEdge,
  type CanvasNode,
} from './canvasNodes';
import { withSizeEstimate } from './unmeasuredNodes';

export interface GraphSnapshot {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
  /** True once the server's graph has been read. */
  loaded: boolean;
}

export interface ServerGraph {
  nodes: readonly EditorNode[];
  connections: readonly Connection[];
  movieInputs: readonly MovieInput[];
}

/**
 * The canvas's own copy of the graph. Local changes show at once; reads from the server are merged in
 * without moving nodes the canvas already placed or overwriting edits that are not saved yet.
 */
export interface GraphStore {
  getSnapshot(): GraphSnapshot;
  subscribe(listener: () => void): () => void;
  syncFromServer(graph: ServerGraph, unsavedIds: ReadonlySet<string>): void;
  setNodes(update: (nodes: CanvasNode[]) => CanvasNode[]): void;
  setEdges(update: (edges: CanvasEdge[]) => CanvasEdge[]): void;
  patchNode(id: string, patch: Partial<EditorNode>): void;
  /** Removes nodes together with every edge that touches them. */
  removeNodes(ids: ReadonlySet<string>): void;
  node(id: string): CanvasNode | undefined;
}

export function createGraphStore(): GraphStore {
  let snapshot: GraphSnapshot = { nodes: [], edges: [], loaded: false };
  const listeners = new Set<() => void>();

  function set(next: Partial<GraphSnapshot>) {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener());
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncFromServer({ nodes, connections, movieInputs }, unsavedIds) {
      const serverNodes = applyMovieInputs(nodes, movieInputs);
      const merged = mergeServerNodes(snapshot.nodes, serverNodes, {
        keepLocalPositions: snapshot.loaded,
        unsavedIds,
      });
      const byId = new Map(merged.map((node) => [node.id, node.data.node]));
      const selected = new Set(snapshot.edges.filter((edge) => edge.selected).map((edge) => edge.id));
      const edges = connections
        .filter((c) => byId.has(c.source_node_id) && byId.has(c.target_node_id))
        .map((c) => {
          const edge = toCanvasEdge(c, byId);
          return selected.has(edge.id) ? { ...edge, selected: true } : edge;
        });
      set({ nodes: merged.map(withSizeEstimate), edges, loaded: true });
    },
    setNodes: (update) => set({ nodes: update(snapshot.nodes) }),
    setEdges: (update) => set({ edges: update(snapshot.edges) }),
    patchNode(id, patch) {
      set({
        nodes: snapshot.nodes.map((node) =>
          node.id === id ? { ...node, data: { node: { ...node.data.node, ...patch } } } : node,
        ),
      });
    },
    removeNodes(ids) {
      set({
        nodes: snapshot.nodes.filter((node) => !ids.has(node.id)),
        edges: snapshot.edges.filter((edge) => !ids.has(edge.source) && !ids.has(edge.target)),
      });
    },
    node: (id) => snapshot.nodes.find((node) => node.id === id),
  };
}

/** A count of server calls in flight, for the saving indicator. */
export function createBusyCounter() {
  let count = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    getCount: () => count,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async track<T>(work: Promise<T>): Promise<T> {
      count += 1;
      emit();
      try {
        return await work;
      } finally {
        count -= 1;
        emit();
      }
    },
  };
}
export type BusyCounter = ReturnType<typeof createBusyCounter>;
