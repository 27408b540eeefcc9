import { z } from 'zod';
import { readComfyEvent } from './read-event';

const promptId = z.string();
const nodeId = z.union([z.string(), z.number().transform(String)]);

const NodeProgressSchema = z.looseObject({
  value: z.number(),
  max: z.number(),
  state: z.string(),
  node_id: nodeId,
  display_node_id: nodeId.nullish(),
});

const failure = {
  prompt_id: promptId,
  node_id: nodeId,
  node_type: z.string(),
  executed: z.array(nodeId).catch([]),
};

/**
 * The WebSocket messages a ComfyUI worker sends (JSON frames), validated. The socket reads them with
 * `readComfyEvent`, a hand-written equivalent that is much cheaper per message.
 */
export const ComfyEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('status'),
    data: z.object({
      status: z.object({ exec_info: z.object({ queue_remaining: z.number() }) }),
      sid: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal('execution_start'),
    data: z.object({ prompt_id: promptId, timestamp: z.number().optional() }),
  }),
  z.object({
    type: z.literal('execution_cached'),
    data: z.object({ nodes: z.array(nodeId), prompt_id: promptId, timestamp: z.number().optional() }),
  }),
  z.object({
    type: z.literal('executing'),
    // `node: null` ends the prompt; old servers may leave out `prompt_id`.
    data: z.object({
      node: nodeId.nullable(),
      display_node: nodeId.optional(),
      prompt_id: promptId.optional(),
    }),
  }),
  z.object({
    type: z.literal('progress'),
    data: z.object({
      value: z.number(),
      max: z.number(),
      prompt_id: promptId.optional(),
      node: nodeId.nullish(),
    }),
  }),
  z.object({
    // 0.8.0 and later only.
    type: z.literal('progress_state'),
    data: z.object({ prompt_id: promptId, nodes: z.record(z.string(), NodeProgressSchema) }),
  }),
  z.object({
    type: z.literal('executed'),
    data: z.object({
      node: nodeId,
      display_node: nodeId.optional(),
      output: z.record(z.string(), z.unknown()).nullable(),
      prompt_id: promptId,
    }),
  }),
  z.object({
    type: z.literal('execution_success'),
    data: z.object({ prompt_id: promptId, timestamp: z.number().optional() }),
  }),
  z.object({
    type: z.literal('execution_error'),
    data: z.object({
      ...failure,
      exception_message: z.string(),
      exception_type: z.string().catch(''),
    }),
  }),
  z.object({
    type: z.literal('execution_interrupted'),
    data: z.object(failure),
  }),
]);

/** A typed ComfyUI WebSocket event. */
export type ComfyEvent = z.infer<typeof ComfyEventSchema>;
/** The event types the client understands. */
export type ComfyEventType = ComfyEvent['type'];

/**
 * Parses one WebSocket frame. Binary frames (preview images), non-JSON text, unknown message types
 * (`feature_flags`, custom nodes' messages) and malformed known ones give null: a follower ignores them.
 */
export function parseComfyMessage(frame: unknown): ComfyEvent | null {
  if (typeof frame !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(frame);
  } catch {
    return null;
  }
  return readComfyEvent(json);
}

/** The prompt an event belongs to, or null (`status`, or an old server's event without an id). */
export function promptIdOf(event: ComfyEvent): string | null {
  return event.type === 'status' ? null : (event.data.prompt_id ?? null);
}
