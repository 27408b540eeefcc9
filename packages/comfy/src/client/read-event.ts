import type { ComfyEvent } from './messages';

// A hand-written reader of the WebSocket messages `ComfyEventSchema` describes, with the same result:
// a worker sends a dozen or more per prompt, and checking them with zod was a large part of the
// server's CPU per job. `read-event.test.ts` holds the two to the same answers, malformed input included.

type Json = Record<string, unknown>;
type Data<T extends ComfyEvent['type']> = Extract<ComfyEvent, { type: T }>['data'];

/** Thrown inside the reader when a field does not fit; it only ever ends up as a null result. */
const MISFIT = Symbol('misfit');

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function object(value: unknown): Json {
  if (!isObject(value)) throw MISFIT;
  return value;
}

function string(value: unknown): string {
  if (typeof value !== 'string') throw MISFIT;
  return value;
}

function number(value: unknown): number {
  if (typeof value !== 'number') throw MISFIT;
  return value;
}

/** A node id: ComfyUI sends strings, some custom nodes numbers. */
function nodeId(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return string(value);
}

function nodeIds(value: unknown): string[] {
  if (!Array.isArray(value)) throw MISFIT;
  return value.map(nodeId);
}

/** Sets `key` only when the message has it (as zod leaves out an absent optional field). */
function optional<T>(out: Json, from: Json, key: string, read: (value: unknown) => T): void {
  if (from[key] !== undefined) out[key] = read(from[key]);
}

const nullable =
  <T>(read: (value: unknown) => T) =>
  (value: unknown): T | null =>
    value === null ? null : read(value);

/** `executed` lists from an older server may be missing or odd: read as none, never refused. */
function executedOrNone(value: unknown): string[] {
  try {
    return nodeIds(value);
  } catch {
    return [];
  }
}

function promptTimed(data: Json): Data<'execution_start'> {
  const out: Json = { prompt_id: string(data.prompt_id) };
  optional(out, data, 'timestamp', number);
  return out as Data<'execution_start'>;
}

function failure(data: Json): Data<'execution_interrupted'> {
  return {
    prompt_id: string(data.prompt_id),
    node_id: nodeId(data.node_id),
    node_type: string(data.node_type),
    executed: executedOrNone(data.executed),
  };
}

/** One node of `progress_state`: the known fields checked, any others kept as they are. */
function nodeProgress(value: unknown): Json {
  const node = object(value);
  const out: Json = { ...node };
  out.value = number(node.value);
  out.max = number(node.max);
  out.state = string(node.state);
  out.node_id = nodeId(node.node_id);
  if (node.display_node_id !== undefined) out.display_node_id = nullable(nodeId)(node.display_node_id);
  return out;
}

const READERS: { [T in ComfyEvent['type']]: (data: Json) => Data<T> } = {
  status: (data) => {
    const status = object(data.status);
    const queueRemaining = number(object(status.exec_info).queue_remaining);
    const out: Json = { status: { exec_info: { queue_remaining: queueRemaining } } };
    optional(out, data, 'sid', string);
    return out as Data<'status'>;
  },
  execution_start: promptTimed,
  execution_success: promptTimed,
  execution_cached: (data) => ({ nodes: nodeIds(data.nodes), ...promptTimed(data) }),
  executing: (data) => {
    const out: Json = { node: nullable(nodeId)(data.node) };
    optional(out, data, 'display_node', nodeId);
    optional(out, data, 'prompt_id', string);
    return out as Data<'executing'>;
  },
  progress: (data) => {
    const out: Json = { value: number(data.value), max: number(data.max) };
    optional(out, data, 'prompt_id', string);
    optional(out, data, 'node', nullable(nodeId));
    return out as Data<'progress'>;
  },
  progress_state: (data) => {
    const promptId = string(data.prompt_id);
    // Entries, not assignment: a node named "__proto__" stays a plain key.
    const nodes = Object.entries(object(data.nodes)).map(([id, node]) => [id, nodeProgress(node)]);
    return { prompt_id: promptId, nodes: Object.fromEntries(nodes) as Data<'progress_state'>['nodes'] };
  },
  executed: (data) => {
    const out: Json = { node: nodeId(data.node) };
    optional(out, data, 'display_node', nodeId);
    out.output = data.output === null ? null : object(data.output);
    out.prompt_id = string(data.prompt_id);
    return out as Data<'executed'>;
  },
  execution_error: (data) => ({
    ...failure(data),
    exception_message: string(data.exception_message),
    exception_type: typeof data.exception_type === 'string' ? data.exception_type : '',
  }),
  execution_interrupted: failure,
};

const isKnownType = (type: unknown): type is ComfyEvent['type'] =>
  typeof type === 'string' && Object.hasOwn(READERS, type);

/**
 * The typed event of a parsed WebSocket message, or null when its type is unknown or it does not fit
 * its type's shape (unknown fields are dropped, numeric node ids become strings).
 */
export function readComfyEvent(json: unknown): ComfyEvent | null {
  if (!isObject(json) || !isKnownType(json.type) || !isObject(json.data)) return null;
  const read = READERS[json.type] as (data: Json) => ComfyEvent['data'];
  try {
    return { type: json.type, data: read(json.data) } as ComfyEvent;
  } catch (error) {
    if (error === MISFIT) return null;
    throw error;
  }
}
