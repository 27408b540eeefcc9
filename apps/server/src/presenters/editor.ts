import type { Connection, EditorNode, WorkflowNodeSummary } from '@cinegraph/contracts';
import type { StoredHandle } from '../db/schema';
import type { ConnectionRow, NodeRow } from '../services/editor/node-rows';

/** A node with each handle's connections: an input lists its source, an output its targets. */
export function presentNode(row: NodeRow, edges: readonly ConnectionRow[]): EditorNode {
  const withConnections = (handles: StoredHandle[], side: 'input' | 'output') =>
    handles.map((handle) => ({
      ...handle,
      connections: edges
        .filter((e) =>
          side === 'input'
            ? e.targetNodeId === row.id && e.targetHandleId === handle.id
            : e.sourceNodeId === row.id && e.sourceHandleId === handle.id,
        )
        .map((e) =>
          side === 'input'
            ? { node_id: e.sourceNodeId, handle_id: e.sourceHandleId }
            : { node_id: e.targetNodeId, handle_id: e.targetHandleId },
        ),
    }));
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
  };
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
