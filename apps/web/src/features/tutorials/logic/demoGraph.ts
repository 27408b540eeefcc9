import {
  checkConnection,
  type ConnectionBody,
  type ConnectionCheck,
  type EditorNode,
  type HandleType,
} from '@cinegraph/contracts';
import { defaultValueFor, isPrimitiveValueType } from '../../editor/logic/values';

/**
 * A node graph that lives in the browser only. Nodes are the studio's own node shape, so the editor's
 * node components draw them; edges are the bodies the editor would send to connect.
 */
export interface DemoGraph {
  nodes: readonly EditorNode[];
  edges: readonly ConnectionBody[];
  /** Input nodes the lesson keeps wired as they are: they connect nowhere else and their edge stays. */
  locked: readonly string[];
}

export const DEMO_MESSAGES = {
  locked: 'This input is locked: it stays connected where the lesson put it.',
  lockedTarget: 'That input is held by a locked node.',
  workflowOutput: 'A workflow output connects only to a workflow handle.',
} as const;

function nodeOf(graph: DemoGraph, id: string): EditorNode | undefined {
  return graph.nodes.find((node) => node._id === id);
}

const isLocked = (graph: DemoGraph, id: string) => graph.locked.includes(id);

const sameEdge = (a: ConnectionBody, b: ConnectionBody) =>
  a.source_node_id === b.source_node_id &&
  a.source_handle_id === b.source_handle_id &&
  a.target_node_id === b.target_node_id &&
  a.target_handle_id === b.target_handle_id;

/**
 * The demo's connection rules on top of the studio's (contracts' checkConnection): a locked input
 * connects only where it already is and its edge cannot be replaced; a workflow output connects only to
 * a workflow's handle; an input node takes any handle's type, so its own type never refuses it.
 */
export function checkDemoConnection(graph: DemoGraph, edge: ConnectionBody): ConnectionCheck {
  const source = nodeOf(graph, edge.source_node_id);
  const target = nodeOf(graph, edge.target_node_id);
  if (source && target) {
    if (isLocked(graph, source._id) && !graph.edges.some((e) => sameEdge(e, edge))) {
      return { ok: false, reason: DEMO_MESSAGES.locked };
    }
    const holder = graph.edges.find(
      (e) => e.target_node_id === target._id && e.target_handle_id === edge.target_handle_id,
    );
    if (holder && holder.source_node_id !== source._id && isLocked(graph, holder.source_node_id)) {
      return { ok: false, reason: DEMO_MESSAGES.lockedTarget };
    }
    if (source.type === 'workflow' && target.type !== 'workflow') {
      return { ok: false, reason: DEMO_MESSAGES.workflowOutput };
    }
  }
  const asGraphNode = (node: EditorNode | undefined, adopts: boolean) =>
    node && {
      ...node,
      id: node._id,
      output_handles: adopts
        ? node.output_handles.map((h) => ({ ...h, type: 'any' as const }))
        : node.output_handles,
    };
  return checkConnection(
    asGraphNode(source, source?.type === 'primitive'),
    edge.source_handle_id,
    asGraphNode(target, false),
    edge.target_handle_id,
  );
}

/** An input node retyped to `type`: a new type starts from that type's default value. */
function retyped(node: EditorNode, type: HandleType): EditorNode {
  const output = node.output_handles[0];
  if (!output || output.type === type || type === 'any' || !isPrimitiveValueType(type)) return node;
  return { ...node, output_handles: [{ ...output, type }], value: defaultValueFor(type) };
}

/**
 * The graph after connecting `edge` (unchanged when the rules refuse it). The target handle keeps one
 * connection; an input node keeps one outgoing connection (the new one replaces the old) and takes the
 * type of the handle it now feeds.
 */
export function connectInDemo(graph: DemoGraph, edge: ConnectionBody): DemoGraph {
  if (!checkDemoConnection(graph, edge).ok) return graph;
  const source = nodeOf(graph, edge.source_node_id)!;
  const primitive = source.type === 'primitive';
  const kept = graph.edges.filter(
    (e) =>
      !(e.target_node_id === edge.target_node_id && e.target_handle_id === edge.target_handle_id) &&
      !(primitive && e.source_node_id === source._id),
  );
  const targetType = nodeOf(graph, edge.target_node_id)!.input_handles.find(
    (h) => h.id === edge.target_handle_id,
  )!.type;
  const nodes = primitive
    ? graph.nodes.map((node) => (node._id === source._id ? retyped(node, targetType) : node))
    : graph.nodes;
  return { ...graph, nodes, edges: [...kept, edge] };
}

/** The graph without `edge`; a locked input's edge stays. */
export function disconnectInDemo(graph: DemoGraph, edge: ConnectionBody): DemoGraph {
  if (isLocked(graph, edge.source_node_id)) return graph;
  return { ...graph, edges: graph.edges.filter((e) => !sameEdge(e, edge)) };
}

/** The graph without the node and its edges; locked nodes stay. */
export function removeDemoNode(graph: DemoGraph, nodeId: string): DemoGraph {
  if (isLocked(graph, nodeId)) return graph;
  return {
    ...graph,
    nodes: graph.nodes.filter((node) => node._id !== nodeId),
    edges: graph.edges.filter((e) => e.source_node_id !== nodeId && e.target_node_id !== nodeId),
  };
}

export function updateDemoNode(graph: DemoGraph, nodeId: string, patch: Partial<EditorNode>): DemoGraph {
  return { ...graph, nodes: graph.nodes.map((node) => (node._id === nodeId ? { ...node, ...patch } : node)) };
}

/** What one input handle of a workflow receives: a value, or why it has none. */
export interface ReceivedInput {
  handle: string;
  type: HandleType;
  from: string | null;
  value: unknown;
}

/**
 * What each input handle of `nodeId` receives from the input node wired to it. An input node's value
 * counts only when the node's type matches the handle's; other sources (utility, workflow) pass their
 * result at generation time, so the demo names them without a value.
 */
export function receivedInputs(graph: DemoGraph, nodeId: string): ReceivedInput[] {
  const node = nodeOf(graph, nodeId);
  if (!node) return [];
  return node.input_handles.map((handle) => {
    const edge = graph.edges.find((e) => e.target_node_id === nodeId && e.target_handle_id === handle.id);
    const source = edge && nodeOf(graph, edge.source_node_id);
    const matches = source?.type === 'primitive' && source.output_handles[0]?.type === handle.type;
    return {
      handle: handle.name,
      type: handle.type,
      from: source?.name ?? null,
      value: matches ? source.value : undefined,
    };
  });
}
