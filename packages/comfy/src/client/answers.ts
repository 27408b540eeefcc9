import { z } from 'zod';
import type { ComfyErrorInfo, ComfyNodeError } from './errors';

const ErrorInfoSchema = z.looseObject({
  type: z.string().catch('error'),
  message: z.string().catch(''),
  details: z.string().catch(''),
  extra_info: z.record(z.string(), z.unknown()).optional(),
});

const NodeErrorSchema = z.looseObject({
  errors: z.array(ErrorInfoSchema).catch([]),
  dependent_outputs: z.array(z.string()).catch([]),
  class_type: z.string().catch(''),
});

/** `node_errors` as a map; 0.3.18 sends a list (`[]`) when no node is at fault. */
const NodeErrorsSchema = z
  .union([z.record(z.string(), NodeErrorSchema), z.array(z.unknown())])
  .optional()
  .transform((value): Record<string, ComfyNodeError> => (Array.isArray(value) || !value ? {} : value));

/** `GET /system_stats`: the version sits in `system.comfyui_version` (absent on very old servers). */
export const SystemStatsSchema = z.looseObject({
  system: z.looseObject({
    os: z.string().optional(),
    comfyui_version: z.string().optional(),
    python_version: z.string().optional(),
    pytorch_version: z.string().optional(),
  }),
  devices: z
    .array(
      z.looseObject({
        name: z.string(),
        type: z.string(),
        vram_total: z.number().optional(),
        vram_free: z.number().optional(),
      }),
    )
    .catch([]),
});
/** ComfyUI's `/system_stats` answer (extra fields kept). */
export type SystemStats = z.infer<typeof SystemStatsSchema>;

/** `POST /prompt` accepted: the id to follow (always the returned one), its queue number, node errors. */
export const QueuedPromptSchema = z.object({
  prompt_id: z.string(),
  number: z.number(),
  node_errors: NodeErrorsSchema,
});
/** A queued prompt; `node_errors` lists outputs left out because they failed validation. */
export type QueuedPrompt = z.infer<typeof QueuedPromptSchema>;

/** `POST /prompt` refused (400): `error` is an object, or a bare string on 0.3.18 ('no prompt'). */
export const PromptRefusalSchema = z.object({
  error: z.union([
    z.string().transform((message): ComfyErrorInfo => ({ type: 'error', message, details: '' })),
    ErrorInfoSchema,
  ]),
  node_errors: NodeErrorsSchema,
});

/** `POST /upload/image`. */
export const UploadedSchema = z.object({ name: z.string(), subfolder: z.string(), type: z.string() });
/** Where an uploaded file landed: pass `name` (with `subfolder/` when set) to LoadImage. */
export type UploadedFile = z.infer<typeof UploadedSchema>;

const QueueItemSchema = z
  .tuple([z.number(), z.string()])
  .rest(z.unknown())
  .transform(([number, promptId, prompt, extraData]) => ({
    number,
    prompt_id: promptId,
    client_id: clientIdOf(extraData),
    filename_prefixes: filenamePrefixesOf(prompt),
  }));
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The submitting client's id in a queued or finished prompt's `extra_data`. */
export function clientIdOf(extraData: unknown): string | null {
  return isObject(extraData) && typeof extraData.client_id === 'string' ? extraData.client_id : null;
}

/** Every `filename_prefix` given in an API prompt: what tells one submitted prompt from another. */
export function filenamePrefixesOf(prompt: unknown): string[] {
  if (!isObject(prompt)) return [];
  return Object.values(prompt).flatMap((node) => {
    const prefix = isObject(node) && isObject(node.inputs) ? node.inputs.filename_prefix : undefined;
    return typeof prefix === 'string' ? [prefix] : [];
  });
}

/** One prompt in the worker's queue. */
export type QueueItem = z.infer<typeof QueueItemSchema>;

/** `GET /queue`: the running prompt (at most one) and the waiting ones. */
export const QueueSchema = z
  .object({ queue_running: z.array(QueueItemSchema), queue_pending: z.array(QueueItemSchema) })
  .transform((queue) => ({ running: queue.queue_running, pending: queue.queue_pending }));
/** The worker's queue, with prompt ids and the submitting client ids. */
export type ComfyQueue = z.infer<typeof QueueSchema>;

/** One entry of `GET /history/{id}`: outputs per node and the run's status with its kept messages. */
export const HistoryEntrySchema = z.looseObject({
  prompt: z.array(z.unknown()).optional(),
  outputs: z.record(z.string(), z.record(z.string(), z.unknown())).catch({}),
  status: z
    .looseObject({
      status_str: z.string(),
      completed: z.boolean(),
      messages: z.array(z.tuple([z.string(), z.unknown()])).catch([]),
    })
    .optional(),
});
/** A finished prompt as `/history` keeps it. */
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
