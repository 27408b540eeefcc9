/** One node of ComfyUI's API ("prompt") format. */
export interface ApiNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/** An API prompt: node id to node. */
export type ApiPrompt = Record<string, ApiNode>;

/** ComfyUI's error object, in `/prompt` answers and inside `node_errors`. */
export interface ComfyError {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}

/** Per-node validation errors, keyed by node id. */
export type NodeErrors = Record<
  string,
  { errors: ComfyError[]; dependent_outputs: string[]; class_type: string }
>;

/** A produced file as ComfyUI lists it in `executed` and `/history` outputs. */
export interface OutputFile {
  filename: string;
  subfolder: string;
  type: 'output' | 'temp' | 'input';
  format?: string;
  frame_rate?: number;
}

/** One output node's results, e.g. `{ images: [...] }` or `{ gifs: [...] }` or `{ audio: [...] }`. */
export type NodeOutput = Record<string, OutputFile[] | boolean[]>;

/** `[event, data]` pairs kept in a history entry's status. */
export type StatusMessage = [string, Record<string, unknown>];

/** A prompt in the queue or history: `[number, prompt_id, prompt, extra_data, outputs_to_execute]`. */
export type QueueItem = [number, string, ApiPrompt, Record<string, unknown>, string[]];

/** One entry of `GET /history`. */
export interface HistoryEntry {
  prompt: QueueItem;
  outputs: Record<string, NodeOutput>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: StatusMessage[] };
  meta: Record<string, { node_id: string; display_node: string; parent_node: null; real_node_id: string }>;
}

/** A JSON WebSocket message: `{ type, data }`. */
export interface WsMessage {
  type: string;
  data: Record<string, unknown>;
}

/** Narrows unknown JSON to a plain object. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A link in the API format: `["node id", outputSlot]`. Two numbers are a literal (a vector2 value). */
export const isLink = (value: unknown): value is [string, number] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number';
