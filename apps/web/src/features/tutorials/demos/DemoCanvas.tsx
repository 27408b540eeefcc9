import type { ConnectionBody, EditorNode } from '@cinegraph/contracts';
import {
  applyNodeChanges,
  Background,
  BackgroundVariant,
  Controls,
  Panel,
  ReactFlow,
  useReactFlow,
  type EdgeChange,
  type FinalConnectionState,
  type FitViewOptions,
  type IsValidConnection,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { OfflineContext } from '../../../lib/offline';
import { EditorActionsContext, type EditorActions } from '../../editor/editorActions';
import { defaultZoom } from '../../editor/logic/device';
import { useDevice } from '../../editor/useDevice';
import {
  connectionOf,
  mergeServerNodes,
  toCanvasEdge,
  toCanvasNode,
  type CanvasEdge,
  type CanvasNode,
} from '../../editor/logic/canvasNodes';
import {
  checkDemoConnection,
  connectInDemo,
  disconnectInDemo,
  removeDemoNode,
  updateDemoNode,
  type DemoGraph,
} from '../logic/demoGraph';
import { DEMO_NODE_TYPES } from './demoNodeTypes';

interface DemoCanvasProps {
  graph: DemoGraph;
  onChange(graph: DemoGraph): void;
  /** What the canvas shows, for assistive technology. */
  label: string;
  /** Shows the nodes without letting the reader connect or delete. */
  readOnly?: boolean;
  className?: string;
}

const FIT_PADDING = 0.15;
const ACCENT = { '--editor-accent': '#fbbf24' } as CSSProperties;

function withLocks(nodes: CanvasNode[], locked: readonly string[]): CanvasNode[] {
  return nodes.map((node) => {
    const isLocked = locked.includes(node.id);
    return { ...node, deletable: !isLocked, data: { ...node.data, locked: isLocked } };
  });
}

/**
 * The studio's node canvas over a graph that lives in the browser: the editor's node components, the
 * demo's connection rules, and a line saying why a connection was refused.
 */
export function DemoCanvas({ graph, onChange, label, readOnly = false, className = '' }: DemoCanvasProps) {
  // Positions, sizes and selection stay with the canvas; the graph gives the nodes' data.
  const [nodes, setNodes] = useState<CanvasNode[]>(() =>
    withLocks(graph.nodes.map(toCanvasNode), graph.locked),
  );
  const [shown, setShown] = useState(graph);
  if (shown !== graph) {
    setShown(graph);
    const merged = mergeServerNodes(nodes, [...graph.nodes], {
      keepLocalPositions: true,
      unsavedIds: new Set(),
    });
    setNodes(withLocks(merged, graph.locked));
  }
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(() => new Set());
  const [message, setMessage] = useState<{ text: string; refused: boolean } | null>(null);
  // As in the editor, a touch screen shows the graph at its default zoom: fitted whole, it is too small to touch.
  const device = useDevice();
  const fit = useMemo(
    () => ({ padding: FIT_PADDING, maxZoom: 1, minZoom: device.touch ? defaultZoom(device) : 0.2 }),
    [device],
  );

  const edges = useMemo(() => {
    const byId = new Map(graph.nodes.map((node) => [node._id, node]));
    return graph.edges.map((edge) => {
      const canvasEdge = toCanvasEdge({ ...edge, _id: '', movie_id: '' }, byId);
      const locked = graph.locked.includes(edge.source_node_id);
      return { ...canvasEdge, deletable: !locked, selected: selectedEdges.has(canvasEdge.id) };
    });
  }, [graph, selectedEdges]);

  const actions = useMemo<EditorActions>(
    () => ({
      updateNode: (nodeId, patch) => onChange(updateDemoNode(graph, nodeId, patch as Partial<EditorNode>)),
      requestDelete: (nodeIds) => onChange(nodeIds.reduce(removeDemoNode, graph)),
      setHidden: (nodeId, hidden) => onChange(updateDemoNode(graph, nodeId, { hidden })),
    }),
    [graph, onChange],
  );

  const isValidConnection: IsValidConnection<CanvasEdge> = (candidate) =>
    checkDemoConnection(graph, connectionOf(candidate)).ok;

  function connect(body: ConnectionBody) {
    const nameOf = (id: string) => graph.nodes.find((node) => node._id === id)?.name ?? id;
    onChange(connectInDemo(graph, body));
    setMessage({
      text: `Connected ${nameOf(body.source_node_id)} to ${nameOf(body.target_node_id)}.`,
      refused: false,
    });
  }

  // A drop on a handle the rules refuse: say why, as the studio would not.
  function onConnectEnd(_event: unknown, state: FinalConnectionState) {
    if (state.isValid !== false || !state.fromHandle || !state.toHandle) return;
    const [from, to] =
      state.fromHandle.type === 'source'
        ? [state.fromHandle, state.toHandle]
        : [state.toHandle, state.fromHandle];
    const body = connectionOf({
      source: from.nodeId,
      sourceHandle: from.id,
      target: to.nodeId,
      targetHandle: to.id,
    });
    const check = checkDemoConnection(graph, body);
    if (!check.ok) setMessage({ text: check.reason, refused: true });
  }

  function onNodesChange(changes: NodeChange<CanvasNode>[]) {
    const removed = changes.flatMap((change) => (change.type === 'remove' ? [change.id] : []));
    if (removed.length > 0) onChange(removed.reduce(removeDemoNode, graph));
    setNodes((current) =>
      applyNodeChanges(
        changes.filter((change) => change.type !== 'remove'),
        current,
      ),
    );
  }

  function onEdgesChange(changes: EdgeChange<CanvasEdge>[]) {
    let next = graph;
    const selected = new Set(selectedEdges);
    for (const change of changes) {
      if (change.type === 'select') {
        if (change.selected) selected.add(change.id);
        else selected.delete(change.id);
      }
      const edge = change.type === 'remove' ? edges.find((e) => e.id === change.id) : undefined;
      if (edge) next = disconnectInDemo(next, connectionOf(edge));
    }
    setSelectedEdges(selected);
    if (next !== graph) onChange(next);
  }

  return (
    <OfflineContext.Provider value={true}>
      <EditorActionsContext.Provider value={actions}>
        <div className={`flex flex-col gap-2 ${className}`} style={ACCENT}>
          <div
            role="group"
            aria-label={label}
            className="h-[26rem] overflow-hidden rounded-xl border border-white/10 bg-neutral-950 sm:h-[30rem]"
          >
            <ReactFlow<CanvasNode, CanvasEdge>
              nodes={nodes}
              edges={edges}
              nodeTypes={DEMO_NODE_TYPES}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={(connection) => connect(connectionOf(connection))}
              onConnectEnd={onConnectEnd}
              isValidConnection={isValidConnection}
              nodesConnectable={!readOnly}
              elementsSelectable={!readOnly}
              deleteKeyCode={readOnly ? null : ['Backspace', 'Delete']}
              fitView
              fitViewOptions={fit}
              minZoom={0.2}
              maxZoom={1.5}
              zoomOnScroll={false}
              preventScrolling={false}
              colorMode="dark"
              proOptions={{ hideAttribution: true }}
            >
              <Background variant={BackgroundVariant.Dots} gap={15} size={1} />
              <Controls showInteractive={false} position="bottom-right" />
              <FitWhenNodesAdded count={nodes.length} options={fit} />
              {!readOnly && message && (
                <Panel position="top-left">
                  <p
                    role="status"
                    data-testid="demo-message"
                    className={`rounded-lg bg-neutral-900/95 px-3 py-1.5 text-sm ring-1 ring-white/10 ${
                      message.refused ? 'text-red-300' : 'text-emerald-300'
                    }`}
                  >
                    {message.text}
                  </p>
                </Panel>
              )}
            </ReactFlow>
          </div>
        </div>
      </EditorActionsContext.Provider>
    </OfflineContext.Provider>
  );
}

/** Frames the graph again when a node is added, so a picked example never lands out of sight. */
function FitWhenNodesAdded({ count, options }: { count: number; options: FitViewOptions }) {
  const { fitView } = useReactFlow();
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) void fitView({ ...options, duration: 200 });
    seen.current = count;
  }, [count, fitView, options]);
  return null;
}
