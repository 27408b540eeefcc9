import type { Connection, EditorNode, WorkflowNodeSummary } from '@cinegraph/contracts';
import type { StoredHandle } from '../db/schema';
import type { ConnectionEnds, NodeAsRead } from '../services/editor/graph-reads';
import type { ConnectionRow, NodeRow } from '../services/editor/node-rows';

/** A movie's connections by the handle at each end, so presenting nodes is linear in nodes + edges. */
export class HandleIndex {
  // By node, then a search of its few handles: cheaper than a key of node and handle made per handle.
  private readonly byNode = new Map<string, ConnectedHandle[]>();

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

  /** A node's handles that have connections, each with them in the order they were made. */
  ofNode(nodeId: string): readonly ConnectedHandle[] {
    return this.byNode.get(nodeId) ?? [];
  }

  private add(side: Side, nodeId: string, handleId: string, other: HandleConnection) {
    const handles = this.byNode.get(nodeId);
    const handle = handles && connectedHandle(handles, side, handleId);
    if (handle) handle.others.push(other);
    else if (handles) handles.push({ side, handleId, others: [other] });
    else this.byNode.set(nodeId, [{ side, handleId, others: [other] }]);
  }
}

type Side = 'input' | 'output';
type HandleConnection = { node_id: string; handle_id: string };
/** A handle's connections: an input's source, or an output's targets. */
type ConnectedHandle = { side: Side; handleId: string; others: HandleConnection[] };

const connectedHandle = (handles: readonly ConnectedHandle[], side: Side, handleId: string) =>
  handles.find((h) => h.side === side && h.handleId === handleId);

/**
 * The nodes read's answer, JSON text of `EditorNode[]`, from the nodes as the editor's read gets them
 * (`readMovieGraph`): each handle with its connections, an input its source, an output its targets.
 */
export function writeNodesAnswer(nodes: readonly NodeAsRead[], ends: readonly ConnectionEnds[]): string {
  const index = new HandleIndex(ends);
  const texts = nodes.map((node) => {
    const connected = index.ofNode(node.id);
    return (
      `${node.head},"input_handles":${handlesText(node.inputHandles, connected, 'input')},` +
      `"output_handles":${handlesText(node.outputHandles, connected, 'output')}}`
    );
  });
  return `[${texts.join(',')}]`;
}

const handlesText = (handles: StoredHandle[], connected: readonly ConnectedHandle[], side: Side) =>
  JSON.stringify(withHandleConnections(handles, connected, side));

/** One node with its handles' connections (from the movie's connections, or an index of them). */
export function presentNode(row: NodeRow, edges: readonly ConnectionRow[] | HandleIndex): EditorNode {
  const connected = (edges instanceof HandleIndex ? edges : new HandleIndex(edges)).ofNode(row.id);
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
    input_handles: withHandleConnections(row.inputHandles, connected, 'input'),
    output_handles: withHandleConnections(row.outputHandles, connected, 'output'),
    workflow: row.type === 'workflow' ? { link: row.workflowLink, api_link: row.workflowApiLink } : null,
    utility_kind: row.utilityKind,
    upload_error: row.uploadError,
    waiting_for_classes: row.waitingForClasses,
  };
}

/** A node's handles with their connections: the fields the contracts declare, as the answer writes them. */
function withHandleConnections(handles: StoredHandle[], connected: readonly ConnectedHandle[], side: Side) {
  return handles.map(({ id, name, type, tooltip }) => ({
    id,
    name,
    type,
    tooltip,
    connections: connectedHandle(connected, side, id)?.others ?? [],
  }));
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
