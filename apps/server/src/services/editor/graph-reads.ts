import type { Connection, EditorNode } from '@cinegraph/contracts';
import type { Database } from '../../db/client';
import { runStatement } from '../../db/raw-statements';
import type { StoredHandle } from '../../db/schema';

/** A node as the editor's read gets it: the answer's fields, its handles as stored (no connections yet). */
export type NodeAsRead = Omit<EditorNode, 'input_handles' | 'output_handles'> & {
  input_handles: StoredHandle[];
  output_handles: StoredHandle[];
};

/** The two ends of a connection, all the nodes' answer needs of it. */
export interface ConnectionEnds {
  sourceNodeId: string;
  sourceHandleId: string;
  targetNodeId: string;
  targetHandleId: string;
}

// The database writes each list as one JSON text in the answer's own field names. Read through
// Drizzle, a node's 17 columns cost a buffer copy and a decode each in PGlite's protocol reader, then
// a mapping and a JSON.parse per jsonb column: 3-4x this statement's CPU, on the server's one thread.
const NODES = `coalesce(json_agg(json_build_object(
  '_id', n.id, 'movie_id', n.movie_id, 'name', n.name, 'type', n.type, 'level', n.level,
  'position', json_build_object('x', n.position_x, 'y', n.position_y),
  'width', n.width, 'hidden', n.hidden, 'value', n.value,
  'input_handles', n.input_handles, 'output_handles', n.output_handles,
  'workflow', case when n.type = 'workflow'
    then json_build_object('link', n.workflow_link, 'api_link', n.workflow_api_link) end,
  'utility_kind', n.utility_kind, 'upload_error', n.upload_error,
  'waiting_for_classes', n.waiting_for_classes
) order by n.created_at, n.id), '[]')::text`;

const CONNECTION_ENDS = `coalesce(json_agg(json_build_object(
  'sourceNodeId', c.source_node_id, 'sourceHandleId', c.source_handle_id,
  'targetNodeId', c.target_node_id, 'targetHandleId', c.target_handle_id
) order by c.created_at, c.id), '[]')::text`;

const CONNECTIONS = `coalesce(json_agg(json_build_object(
  '_id', c.id, 'movie_id', c.movie_id,
  'source_node_id', c.source_node_id, 'source_handle_id', c.source_handle_id,
  'target_node_id', c.target_node_id, 'target_handle_id', c.target_handle_id
) order by c.created_at, c.id), '[]')::text`;

const GRAPH_STATEMENT = `select
  (select ${NODES} from nodes n where n.movie_id = $1) as nodes,
  (select ${CONNECTION_ENDS} from connections c where c.movie_id = $1) as ends`;

const CONNECTIONS_STATEMENT = `select ${CONNECTIONS} as connections from connections c where c.movie_id = $1`;

/** A movie's nodes in the order they were made, and its connections' ends in the same order, read at once. */
export async function readMovieGraph(
  db: Database,
  movieId: string,
): Promise<{ nodes: NodeAsRead[]; ends: ConnectionEnds[] }> {
  const [row] = await runStatement<{ nodes: string; ends: string }>(db, 'editor_graph', GRAPH_STATEMENT, [
    movieId,
  ]);
  return { nodes: JSON.parse(row!.nodes) as NodeAsRead[], ends: JSON.parse(row!.ends) as ConnectionEnds[] };
}

/** A movie's connections as the editor's connections read answers them, in the order they were made. */
export async function readMovieConnections(db: Database, movieId: string): Promise<Connection[]> {
  const [row] = await runStatement<{ connections: string }>(db, 'editor_connections', CONNECTIONS_STATEMENT, [
    movieId,
  ]);
  return JSON.parse(row!.connections) as Connection[];
}
