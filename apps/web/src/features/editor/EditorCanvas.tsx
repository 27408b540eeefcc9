import { checkConnection } from '@cinegraph/contracts';
import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  type Edge,
  type IsValidConnection,
  type OnConnect,
  type OnNodeDrag,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, useSyncExternalStore, type MouseEvent } from 'react';
import { animateEdgesInto, connectionOf, type CanvasEdge, type CanvasNode } from './logic/canvasNodes';
import { CANVAS_SETTINGS, defaultZoom, minimapSize } from './logic/device';
import { NODE_TYPES } from './nodes/nodeTypes';
import type { Device } from './useDevice';
import type { EditorGraph } from './useEditorGraph';

interface EditorCanvasProps {
  graph: EditorGraph;
  device: Device;
  showHidden: boolean;
  onPaneMenu(event: MouseEvent | globalThis.MouseEvent): void;
  onPaneClick(): void;
}

const PRO_OPTIONS = { hideAttribution: true };

const MINIMAP_NODE_COLOR = () => '#525252';

/**
 * The React Flow canvas with the spec's settings and the touch gestures for edges. Every prop it gives
 * React Flow keeps its identity from one drag step to the next (React Flow re-reads a prop that changes).
 */
export function EditorCanvas({ graph, device, showHidden, onPaneMenu, onPaneClick }: EditorCanvasProps) {
  const { store, disconnect, connect, savePositions, generating } = graph;
  const { nodes, edges } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const generatingIds = useSyncExternalStore(generating.subscribe, generating.get);

  const shownNodes = useMemo(
    () => (showHidden ? nodes : nodes.filter((node) => !node.data.node.hidden)),
    [nodes, showHidden],
  );
  // The hidden nodes as a key: a drag changes the nodes but not which are hidden, and then the edges
  // stay the same array (React Flow goes through every edge again when it gets a new one).
  const hiddenKey = showHidden
    ? ''
    : nodes
        .filter((node) => node.data.node.hidden)
        .map((node) => node.id)
        .join(' ');
  const shownEdges = useMemo(() => {
    const hidden = new Set(hiddenKey.split(' ').filter(Boolean));
    const shown =
      hidden.size === 0 ? edges : edges.filter((e) => !hidden.has(e.source) && !hidden.has(e.target));
    return animateEdgesInto(shown, generatingIds) as CanvasEdge[];
  }, [edges, hiddenKey, generatingIds]);

  const isValidConnection = useCallback<IsValidConnection<CanvasEdge>>(
    (candidate) => {
      const body = connectionOf(candidate);
      const node = (id: string) => {
        const found = store.node(id)?.data.node;
        return found && { ...found, id: found._id };
      };
      return checkConnection(
        node(body.source_node_id),
        body.source_handle_id,
        node(body.target_node_id),
        body.target_handle_id,
      ).ok;
    },
    [store],
  );

  // On touch screens a tap selects an edge and a second tap on the selected edge removes it.
  const onEdgeClick = useCallback(
    (_event: MouseEvent, edge: Edge) => {
      if (!device.touch) return;
      if (edge.selected) void disconnect([edge]);
      else store.setEdges((all) => all.map((e) => ({ ...e, selected: e.id === edge.id })));
    },
    [device.touch, disconnect, store],
  );

  const handlePaneClick = useCallback(() => {
    if (device.touch) store.setEdges((all) => all.map((e) => (e.selected ? { ...e, selected: false } : e)));
    onPaneClick();
  }, [device.touch, onPaneClick, store]);

  const onConnect = useCallback<OnConnect>((connection) => void connect(connection), [connect]);
  const onNodeDragStop = useCallback<OnNodeDrag<CanvasNode>>(
    (_event, _node, moved) => void savePositions(moved),
    [savePositions],
  );
  const onPaneContextMenu = useCallback(
    (event: MouseEvent | globalThis.MouseEvent) => {
      event.preventDefault();
      onPaneMenu(event);
    },
    [onPaneMenu],
  );

  const zoom = defaultZoom(device);
  const minimap = minimapSize(device.touch);
  const viewport = useMemo(() => ({ x: 0, y: 0, zoom }), [zoom]);
  // The first view is centred on the graph at the spec's default zoom (0.8 on desktop, the touch
  // values on tablets and phones): a graph fitted whole into the window is too small to read.
  const fitViewOptions = useMemo(
    () => ({ padding: CANVAS_SETTINGS.fitPadding, maxZoom: zoom, minZoom: zoom }),
    [zoom],
  );
  const minimapStyle = useMemo(
    () => ({ width: minimap.width, height: minimap.height }),
    [minimap.width, minimap.height],
  );
  return (
    <ReactFlow<CanvasNode, CanvasEdge>
      nodes={shownNodes}
      edges={shownEdges}
      nodeTypes={NODE_TYPES}
      onNodesChange={graph.onNodesChange}
      onEdgesChange={graph.onEdgesChange}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onNodeDragStop={onNodeDragStop}
      onEdgeClick={onEdgeClick}
      onPaneClick={handlePaneClick}
      onPaneContextMenu={onPaneContextMenu}
      defaultViewport={viewport}
      minZoom={CANVAS_SETTINGS.minZoom}
      maxZoom={CANVAS_SETTINGS.maxZoom}
      fitView
      fitViewOptions={fitViewOptions}
      snapToGrid
      snapGrid={CANVAS_SETTINGS.snapGrid}
      deleteKeyCode={null}
      disableKeyboardA11y
      colorMode="dark"
      proOptions={PRO_OPTIONS}
    >
      <Background variant={BackgroundVariant.Dots} gap={CANVAS_SETTINGS.snapGrid[0]} size={1} />
      <Controls showInteractive={false} position="bottom-right" />
      <MiniMap
        pannable
        zoomable
        position="top-right"
        style={minimapStyle}
        nodeColor={MINIMAP_NODE_COLOR}
        maskColor="rgba(0,0,0,0.6)"
      />
    </ReactFlow>
  );
}
