import type { Database } from '../../db/client';
import { runStatement } from '../../db/raw-statements';
import type { StoredHandle } from '../../db/schema';
import { requireReadableMovieForSession } from '../movies/access';
import { hashToken } from '../tokens';

/** A node as the editor's read gets it: its answer's JSON text up to its handles, and its handles as stored. */
export interface NodeAsRead {
  id: string;
  /** `{"_id":…,…` with every field of the answer but the handles, without the closing brace. */
  head: string;
  inputHandles: StoredHandle[];
  outputHandles: StoredHandle[];
}

/** The two ends of a connection, all the nodes' answer needs of it. */
export interface ConnectionEnds {
  sourceNodeId: string;
  sourceHandleId: string;
  targetNodeId: string;
  targetHandleId: string;
}

// The database writes the answer's JSON text itself, by concatenation: json_build_object and json_agg
// cost it twice as much, and the server then parsed that text and serialised it again, all on the
// server's one thread with PGlite. Text is escaped by to_json, so a node's text holds no control
// character: \x01 ends a node's head and \x02 ends a node.
const NODE_HEAD = `concat('{"_id":"', n.id, '","movie_id":"', n.movie_id, '","name":', to_json(n.name),
  ',"type":', to_json(n.type), ',"level":', to_json(n.level),
  ',"position":{"x":', n.position_x, ',"y":', n.position_y, '},"width":', coalesce(n.width::text, 'null'),
  ',"hidden":', case when n.hidden then 'true' else 'false' end, ',"value":', coalesce(n.value::text, 'null'),
  ',"workflow":', case when n.type = 'workflow' then concat('{"link":', coalesce(to_json(n.workflow_link)::text, 'null'),
    ',"api_link":', coalesce(to_json(n.workflow_api_link)::text, 'null'), '}') else 'null' end,
  ',"utility_kind":', coalesce(to_json(n.utility_kind)::text, 'null'),
  ',"upload_error":', coalesce(to_json(n.upload_error)::text, 'null'),
  ',"waiting_for_classes":', to_json(n.waiting_for_classes))`;

const NODES = `string_agg(concat(${NODE_HEAD}, E'\\x01["', n.id, '",', n.input_handles, ',', n.output_handles, ']'),
  E'\\x02' order by n.created_at, n.id)`;

const CONNECTION_ENDS = `coalesce('[' || string_agg(concat(
  '{"sourceNodeId":"', c.source_node_id, '","sourceHandleId":', to_json(c.source_handle_id),
  ',"targetNodeId":"', c.target_node_id, '","targetHandleId":', to_json(c.target_handle_id), '}'
), ',' order by c.created_at, c.id) || ']', '[]')`;

const CONNECTIONS = `coalesce('[' || string_agg(concat(
  '{"_id":"', c.id, '","movie_id":"', c.movie_id,
  '","source_node_id":"', c.source_node_id, '","source_handle_id":', to_json(c.source_handle_id),
  ',"target_node_id":"', c.target_node_id, '","target_handle_id":', to_json(c.target_handle_id), '}'
), ',' order by c.created_at, c.id) || ']', '[]')`;

// `requireReadableMovieForSession` in the statement that reads the graph: one statement per read. A
// session ($1, its token's hash) may read a movie ($2) it is a member of, or a template.
const READER = `with reader as (
  select from sessions s join movies m on m.id = $2
  left join movie_members mm on mm.movie_id = m.id and mm.user_id = s.user_id
  where s.token_hash = $1 and s.expires_at > now() and (m.template_key is not null or mm.user_id is not null)
)`;

const GRAPH_STATEMENT = `${READER} select exists (select from reader) as readable,
  (select ${NODES} from nodes n where n.movie_id = $2 and exists (select from reader)) as nodes,
  (select ${CONNECTION_ENDS} from connections c where c.movie_id = $2 and exists (select from reader)) as ends`;

const CONNECTIONS_STATEMENT = `${READER} select exists (select from reader) as readable, ${CONNECTIONS} as connections
  from connections c where c.movie_id = $2 and exists (select from reader)`;

/**
 * A movie's nodes in the order they were made, and its connections' ends in the same order, read at
 * once for the session (401, 404 or 403 as `requireReadableMovieForSession`).
 */
export async function readMovieGraph(
  db: Database,
  sessionToken: string,
  movieId: string,
): Promise<{ nodes: NodeAsRead[]; ends: ConnectionEnds[] }> {
  const row = await readForSession<{ nodes: string | null; ends: string }>(
    db,
    ['editor_graph', GRAPH_STATEMENT],
    sessionToken,
    movieId,
  );
  return {
    nodes: row.nodes === null ? [] : row.nodes.split('\x02').map(nodeAsRead),
    ends: JSON.parse(row.ends),
  };
}

/**
 * A movie's connections as the editor's connections read answers them (JSON text of `Connection[]`),
 * in the order they were made, read for the session (401, 404 or 403 as `requireReadableMovieForSession`).
 */
export async function readMovieConnectionsText(
  db: Database,
  sessionToken: string,
  movieId: string,
): Promise<string> {
  const row = await readForSession<{ connections: string }>(
    db,
    ['editor_connections', CONNECTIONS_STATEMENT],
    sessionToken,
    movieId,
  );
  return row.connections;
}

function nodeAsRead(text: string): NodeAsRead {
  const cut = text.indexOf('\x01');
  const [id, inputHandles, outputHandles] = JSON.parse(text.slice(cut + 1)) as [
    string,
    StoredHandle[],
    StoredHandle[],
  ];
  return { id, head: text.slice(0, cut), inputHandles, outputHandles };
}

/** Runs a graph statement; when it finds the session may not read the movie, the access check says why. */
async function readForSession<Row>(
  db: Database,
  [name, text]: [string, string],
  sessionToken: string,
  movieId: string,
): Promise<Row> {
  const read = async () =>
    (await runStatement<Row & { readable: boolean }>(db, name, text, [hashToken(sessionToken), movieId]))[0]!;
  const row = await read();
  if (row.readable) return row;
  await requireReadableMovieForSession(db, sessionToken, movieId);
  // Access was granted between the two reads (the user was just made a member).
  return read();
}
