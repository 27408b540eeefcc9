import { ReactFlow, useEdgesState, useNodesState, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { createRoot } from 'react-dom/client';

/**
 * The editor benchmark's baseline: React Flow as its documentation sets it up (controlled nodes and
 * edges, default nodes), with the editor's node positions and edges read from /graph.json and the
 * editor's first view (the whole graph, at most at zoom 0.8). With `?visible` it draws only the nodes
 * and edges in view (`onlyRenderVisibleElements`), as the editor does; without it, every one.
 */
interface BareGraph {
  nodes: { id: string; name: string; x: number; y: number }[];
  edges: { source: string; target: string }[];
  zoom: number;
  minZoom: number;
  fitPadding: number;
}

const ONLY_VISIBLE = new URLSearchParams(location.search).has('visible');

function BareFlow({ graph }: { graph: BareGraph }) {
  const [nodes, , onNodesChange] = useNodesState<Node>(
    graph.nodes.map((n) => ({ id: n.id, position: { x: n.x, y: n.y }, data: { label: n.name } })),
  );
  const [edges, , onEdgesChange] = useEdgesState<Edge>(
    graph.edges.map((e, i) => ({ id: `e${i}`, source: e.source, target: e.target })),
  );
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      fitView
      minZoom={graph.minZoom}
      fitViewOptions={{ padding: graph.fitPadding, minZoom: graph.minZoom, maxZoom: graph.zoom }}
      colorMode="dark"
      onlyRenderVisibleElements={ONLY_VISIBLE}
    />
  );
}

const graph = (await fetch('/graph.json').then((r) => r.json())) as BareGraph;
createRoot(document.getElementById('root')!).render(
  <div style={{ position: 'fixed', inset: 0 }}>
    <BareFlow graph={graph} />
  </div>,
);
