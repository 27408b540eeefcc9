import { checkConnection } from '@cinegraph/contracts';
import {
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  type Edge,
  type IsValidConnection,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, type MouseEvent } from 'react';
import { connectionOf, type CanvasEdge, type CanvasNode } from './logic/canvasNodes';
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

/** The React Flow canvas with the spec's settings and the touch gestures for edges. */
export function EditorCanvas({ graph, device, showHidden, onPaneMenu, onPaneClick }: EditorCanvasProps) {
  const { nodes, edges } = graph.graph;
  const { store, disconnect } = graph;
  const visible = useMemo(() => {
    const shown = showHidden ? nodes : nodes.filter((node) => !node.data.node.hidden);
    const ids = new Set(shown.map((node) => node.id));
    return { nodes: shown, edges: edges.filter((edge) => ids.has(edge.source) && ids.has(edge.target)) };
  }, [nodes, edges, showHidden]);

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

  const zoom = defaultZoom(device);
  const minimap = minimapSize(device.touch);
  return (
    <ReactFlow<CanvasNode, CanvasEdge>
      nodes={visible.nodes}
      edges={visible.edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={graph.onNodesChange}
      onEdgesChange={graph.onEdgesChange}
      onConnect={(connection) => void graph.connect(connection)}
      isValidConnection={isValidConnection}
      onNodeDragStop={(_event, _node, moved) => void graph.savePositions(moved)}
      onEdgeClick={onEdgeClick}
      onPaneClick={handlePaneClick}
      onPaneContextMenu={(event) => {
        event.preventDefault();
        onPaneMenu(event);
      }}
      defaultEdgeOptions={{ animated: true }}
      defaultViewport={{ x: 0, y: 0, zoom }}
      minZoom={CANVAS_SETTINGS.minZoom}
      maxZoom={CANVAS_SETTINGS.maxZoom}
      fitView
      // The first view is centred on the graph at the spec's default zoom (0.8 on desktop, the touch
      // values on tablets and phones): a graph fitted whole into the window is too small to read.
      fitViewOptions={{ padding: CANVAS_SETTINGS.fitPadding, maxZoom: zoom, minZoom: zoom }}
      snapToGrid
      snapGrid={CANVAS_SETTINGS.snapGrid}
      deleteKeyCode={null}
      disableKeyboardA11y
      colorMode="dark"
      proOptions={{ hideAttribution: true }}
    >
      <Background variant={BackgroundVariant.Dots} gap={CANVAS_SETTINGS.snapGrid[0]} size={1} />
      <Controls showInteractive={false} position="bottom-right" />
      <MiniMap
        pannable
        zoomable
        position="top-right"
        style={{ width: minimap.width, height: minimap.height }}
        nodeColor={() => '#525252'}
        maskColor="rgba(0,0,0,0.6)"
      />
    </ReactFlow>
  );
}
