import {
  checkConnection,
  endpoints,
  type EditorNode,
  type Movie,
  type UpdateNodeBody,
} from '@cinegraph/contracts';
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection as FlowConnection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { ApiError, apiCall } from '../../lib/api';
import { useToast } from '../../ui/toast';
import {
  connectionOf,
  movieInputsOf,
  serverKindOf,
  type CanvasEdge,
  type CanvasNode,
} from './logic/canvasNodes';
import { createBusyCounter, createGraphStore } from './logic/graphStore';
import { createBodyFor, type NodeChoice } from './logic/nodeChoices';
import { createSaveQueue } from './logic/saveQueue';
import { settleMeasured } from './logic/unmeasuredNodes';
import type { useEditorData } from './useEditorData';

export const NODE_SAVE_DEBOUNCE_MS = 500;

type EditorData = ReturnType<typeof useEditorData>;

function message(error: unknown): string {
  return error instanceof Error ? error.message : 'Request failed';
}

/** The canvas's graph and every change to it: local at once, then the server, then a reload. */
export function useEditorGraph(movieId: string, data: EditorData) {
  const toast = useToast();
  const [store] = useState(createGraphStore);
  const [busy] = useState(createBusyCounter);
  const [queue] = useState(() =>
    createSaveQueue<UpdateNodeBody>({
      delayMs: NODE_SAVE_DEBOUNCE_MS,
      merge: (a, b) => ({ ...a, ...b }),
      save: async (nodeId, body) => {
        try {
          await apiCall(endpoints.updateNode, { params: { movieId, nodeId }, body });
        } catch (error) {
          console.error('Saving the node failed', error);
        }
      },
    }),
  );
  // Only whether the graph has loaded: the canvas follows the graph itself, so a drag redraws the canvas
  // and not the whole editor around it.
  const loaded = useSyncExternalStore(store.subscribe, () => store.getSnapshot().loaded);
  const inFlight = useSyncExternalStore(busy.subscribe, busy.getCount);
  const pending = useSyncExternalStore(queue.subscribe, queue.pendingKeys);
  const { nodes: serverNodes, connections, movie, reloadGraph, refetchMovie } = data;

  useEffect(() => {
    if (!serverNodes || !connections || !movie) return;
    store.syncFromServer({ nodes: serverNodes, connections, movieInputs: movie.inputs }, queue.pendingKeys());
  }, [serverNodes, connections, movie, store, queue]);

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) =>
      // Removal goes through deleteNodes (with its confirmation), never straight from React Flow.
      store.setNodes((nodes) =>
        settleMeasured(
          applyNodeChanges(
            changes.filter((c) => c.type !== 'remove'),
            nodes,
          ),
        ),
      ),
    [store],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<CanvasEdge>[]) =>
      store.setEdges((edges) =>
        applyEdgeChanges(
          changes.filter((c) => c.type !== 'remove'),
          edges,
        ),
      ),
    [store],
  );

  const updateNode = useCallback(
    (
      nodeId: string,
      patch: Partial<Pick<EditorNode, 'name' | 'value' | 'output_handles' | 'input_handles'>>,
    ) => {
      store.patchNode(nodeId, patch);
      queue.schedule(nodeId, patch);
    },
    [store, queue],
  );

  const savePositions = useCallback(
    async (moved: readonly CanvasNode[]) => {
      if (moved.length === 0) return;
      const body = moved.map((node) => ({
        id: node.id,
        position: node.position,
        ...serverKindOf(node.type ?? 'utility'),
        name: node.data.node.name,
      }));
      try {
        await busy.track(
          apiCall(endpoints.updateNodes, { params: { movieId }, query: { positionsOnly: 'true' }, body }),
        );
      } catch (error) {
        console.error('Saving positions failed', error);
      }
    },
    [busy, movieId],
  );

  const moveSelected = useCallback(
    (dx: number, dy: number) => {
      const moved: CanvasNode[] = [];
      store.setNodes((nodes) =>
        nodes.map((node) => {
          if (!node.selected) return node;
          const next = { ...node, position: { x: node.position.x + dx, y: node.position.y + dy } };
          moved.push(next);
          return next;
        }),
      );
      void savePositions(moved);
    },
    [store, savePositions],
  );

  const addNode = useCallback(
    async (choice: NodeChoice, position: { x: number; y: number }): Promise<EditorNode | null> => {
      try {
        const created = await busy.track(
          apiCall(endpoints.createNode, { params: { movieId }, body: createBodyFor(choice, position) }),
        );
        await reloadGraph();
        return created;
      } catch (error) {
        toast.error(message(error));
        return null;
      }
    },
    [busy, movieId, reloadGraph, toast],
  );

  const connect = useCallback(
    async (params: FlowConnection) => {
      const body = connectionOf(params);
      const nodeFor = (id: string) => {
        const node = store.node(id)?.data.node;
        return node && { ...node, id: node._id };
      };
      const check = checkConnection(
        nodeFor(body.source_node_id),
        body.source_handle_id,
        nodeFor(body.target_node_id),
        body.target_handle_id,
      );
      if (!check.ok) {
        toast.error(check.reason);
        return;
      }
      const optimistic = { ...params, id: `pending-${Date.now()}` };
      store.setEdges((edges) => [...edges, optimistic]);
      try {
        await busy.track(apiCall(endpoints.connect, { params: { movieId }, body }));
      } catch (error) {
        store.setEdges((edges) => edges.filter((edge) => edge.id !== optimistic.id));
        toast.error(error instanceof ApiError ? error.message : 'Could not connect the nodes.');
      }
      await reloadGraph();
    },
    [busy, movieId, reloadGraph, store, toast],
  );

  const disconnect = useCallback(
    async (removed: readonly CanvasEdge[]) => {
      if (removed.length === 0) return;
      const ids = new Set(removed.map((edge) => edge.id));
      store.setEdges((edges) => edges.filter((edge) => !ids.has(edge.id)));
      const results = await Promise.allSettled(
        removed.map((edge) =>
          busy.track(apiCall(endpoints.disconnect, { params: { movieId }, body: connectionOf(edge) })),
        ),
      );
      if (results.some((result) => result.status === 'rejected'))
        toast.error('Could not remove the connection.');
      await reloadGraph();
    },
    [busy, movieId, reloadGraph, store, toast],
  );

  const deleteNodes = useCallback(
    async (ids: readonly string[]) => {
      const valid = ids.filter(Boolean);
      if (valid.length === 0) return;
      valid.forEach((id) => queue.cancel(id));
      store.removeNodes(new Set(valid));
      const results = await Promise.allSettled(
        valid.map((nodeId) => busy.track(apiCall(endpoints.deleteNode, { params: { movieId, nodeId } }))),
      );
      results.forEach((result) => {
        if (result.status === 'rejected') console.error('Deleting the node failed', result.reason);
      });
      await reloadGraph();
    },
    [busy, movieId, queue, reloadGraph, store],
  );

  const setHidden = useCallback(
    async (nodeId: string, hidden: boolean) => {
      if (!nodeId) return;
      // A node going out of sight leaves the selection, so keys cannot act on it unseen.
      if (hidden)
        store.setNodes((nodes) => nodes.map((n) => (n.id === nodeId ? { ...n, selected: false } : n)));
      try {
        await busy.track(
          hidden
            ? apiCall(endpoints.hideNode, { params: { movieId, nodeId } })
            : apiCall(endpoints.showNode, { params: { nodeId } }),
        );
      } catch (error) {
        console.error('Hiding or showing the node failed', error);
      }
      await reloadGraph();
    },
    [busy, movieId, reloadGraph, store],
  );

  /** The explicit save: waiting node edits first, then the movie's inputs, then the movie again. */
  const save = useCallback(async (): Promise<boolean> => {
    try {
      await busy.track(
        (async () => {
          await queue.flush();
          const inputs = movieInputsOf(store.getSnapshot().nodes.map((node) => node.data.node));
          const saved: Movie = await apiCall(endpoints.updateMovie, {
            params: { id: movieId },
            body: { movieData: { inputs } },
          });
          await refetchMovie(saved, { revalidate: true });
        })(),
      );
      return true;
    } catch (error) {
      toast.error(message(error));
      return false;
    }
  }, [busy, movieId, queue, refetchMovie, store, toast]);

  /** Anything in flight or waiting for its debounce: the top bar says 'Saving...'. */
  const saving = inFlight > 0 || pending.size > 0;
  // One object while nothing in it changes, so the canvas (memo) is not drawn again when the screen
  // around it is (a read arriving, a menu opening).
  return useMemo(
    () => ({
      loaded,
      saving,
      store,
      onNodesChange,
      onEdgesChange,
      updateNode,
      savePositions,
      moveSelected,
      addNode,
      connect,
      disconnect,
      deleteNodes,
      setHidden,
      save,
    }),
    [
      loaded,
      saving,
      store,
      onNodesChange,
      onEdgesChange,
      updateNode,
      savePositions,
      moveSelected,
      addNode,
      connect,
      disconnect,
      deleteNodes,
      setHidden,
      save,
    ],
  );
}

export type EditorGraph = ReturnType<typeof useEditorGraph>;
