import type { Connection, EditorNode, WorkflowNodeSummary } from '@cinegraph/contracts';
import type { StoredHandle } from '../db/schema';
import type { ConnectionEnds, NodeAsRead } from '../services/editor/graph-reads';
import type { ConnectionRow, NodeRow } from '../services/editor/node-rows';

/** A movie's connections by the handle at each end, so presenting nodes is linear in nodes + edges. */
export class HandleIndex {
  private readonly bySide = new Map<string, { node_id: string; handle_id: string }[]>();

  constructor(edges: readonly ConnectionEnds[]) {
    for (const e of edges) {
      this.add('input', e.targetNodeId, e.targetHandleId, {
        node_id: e.sourceNodeId,
        handle_id: e.sourceHandleId,
      });
      this.add('output', e.sourceNodeId, e.sourceHandleId, {
        node_id: e.targetNodeId,
        handle_id: e.targetHandleId,
      });
    }
  }

  /** An input's source, or an output's targets, in the order the connections were made. */
  of(side: Side, nodeId: string, handleId: string): { node_id: string; handle_id: string }[] {
    return this.bySide.get(key(side, nodeId, handleId)) ?? [];
  }

  private add(side: Side, nodeId: string, handleId: string, other: { node_id: string; handle_id: string }) {
    const k = key(side, nodeId, handleId);
    const list = this.bySide.get(k);
    if (list) list.push(other);
    else this.bySide.set(k, [other]);
  }
}

type Side = 'input' | 'output';
const key = (side: Side, nodeId: string, handleId: string) => `${side}\u0000${nodeId}\u0000${handleId}`;

/**
 * A movie's nodes as the editor's read gets them (`readMovieGraph`), each handle with its connections:
 * an input lists its source, an output its targets.
 */
export function presentNodesAsRead(
  nodes: readonly NodeAsRead[],
  ends: readonly ConnectionEnds[],
): EditorNode[] {
  const index = new HandleIndex(ends);
  return nodes.map((node) => ({
    ...node,
    input_handles: withHandleConnections(node.input_handles, index, node._id, 'input'),
    output_handles: withHandleConnections(node.output_handles, index, node._id, 'output'),
  }));
}

/** One node with its handles' connections (from the movie's connections, or an index of them). */
export function presentNode(row: NodeRow, edges: readonly ConnectionRow[] | HandleIndex): EditorNode {
  const index = edges instanceof HandleIndex ? edges : new HandleIndex(edges);
  const withConnections = (handles: StoredHandle[], side: Side) =>
    withHandleConnections(handles, index, row.id, side);
  return {
    _id: row.id,
    movie_id: row.movieId,
    name: row.name,
    type: row.type,
    level: row.level,
    position: { x: row.positionX, y: row.positionY },
    width: row.width,
    hidden: row.hidden,
    value: row.value,
    input_handles: withConnections(row.inputHandles, 'input'),
    output_handles: withConnections(row.outputHandles, 'output'),
    workflow: row.type === 'workflow' ? { link: row.workflowLink, api_link: row.workflowApiLink } : null,
    utility_kind: row.utilityKind,
    upload_error: row.uploadError,
    waiting_for_classes: row.waitingForClasses,
  };
}

function withHandleConnections(handles: StoredHandle[], index: HandleIndex, nodeId: string, side: Side) {
  return handles.map((handle) => ({ ...handle, connections: index.of(side, nodeId, handle.id) }));
}

export function presentConnection(row: ConnectionRow): Connection {
  return {
    _id: row.id,
    movie_id: row.movieId,
    source_node_id: row.sourceNodeId,
    source_handle_id: row.sourceHandleId,
    target_node_id: row.targetNodeId,
    target_handle_id: row.targetHandleId,
  };
}

export function presentWorkflowNode(row: NodeRow): WorkflowNodeSummary {
  return { id: row.id, name: row.name, hidden: row.hidden };
}
