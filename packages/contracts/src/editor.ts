import { z } from 'zod';
import { Id } from './common';
import { HANDLE_COLORS, type HandleType } from './handles';

// The editor's constants live in a module without zod (the editor's first render needs none of its schemas).
export {
  CANVAS_NODE_TYPES,
  DEFAULT_NODE_WIDTHS,
  PRIMITIVE_LEVELS,
  PRIMITIVE_OUTPUT_HANDLE_ID,
  type CanvasNodeType,
  type PrimitiveLevel,
} from './editor-constants';

export const HandleTypeSchema = /* @__PURE__ */ z.enum(
  /* @__PURE__ */ Object.keys(HANDLE_COLORS) as [HandleType, ...HandleType[]],
);

export const NodeKind = /* @__PURE__ */ z.enum(['primitive', 'workflow', 'utility']);
export type NodeKind = z.infer<typeof NodeKind>;

/** Where an input node's value is set: once per movie, per scene, per shot or per character. */
export const NodeLevel = /* @__PURE__ */ z.enum(['movie', 'scene', 'shot', 'character', 'editor']);
export type NodeLevel = z.infer<typeof NodeLevel>;
export const HandleConnection = /* @__PURE__ */ z.object({
  node_id: /* @__PURE__ */ z.string(),
  handle_id: /* @__PURE__ */ z.string(),
});

export const Handle = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string().min(1).max(200),
  name: /* @__PURE__ */ z.string().max(200),
  type: HandleTypeSchema,
  tooltip: /* @__PURE__ */ z.string().max(2000).optional(),
  /** Filled by the server from the movie's connections when nodes are read. */
  connections: /* @__PURE__ */ z.array(HandleConnection).optional(),
});
export type Handle = z.infer<typeof Handle>;

export const Position = /* @__PURE__ */ z.object({
  x: /* @__PURE__ */ z.coerce.number().catch(0),
  y: /* @__PURE__ */ z.coerce.number().catch(0),
});
export type Position = z.infer<typeof Position>;

export const WorkflowFiles = /* @__PURE__ */ z.object({
  link: /* @__PURE__ */ z.string().nullable(),
  api_link: /* @__PURE__ */ z.string().nullable(),
});

/** Which computation a utility node performs (its template). */
export const UtilityKind = /* @__PURE__ */ z.enum(['add_text', 'prompt', 'download']);
export type UtilityKind = z.infer<typeof UtilityKind>;

export const EditorNode = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  movie_id: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  type: NodeKind,
  level: NodeLevel,
  position: Position,
  width: /* @__PURE__ */ z.number().nullable(),
  hidden: /* @__PURE__ */ z.boolean(),
  value: /* @__PURE__ */ z.unknown(),
  input_handles: /* @__PURE__ */ z.array(Handle),
  output_handles: /* @__PURE__ */ z.array(Handle),
  workflow: /* @__PURE__ */ WorkflowFiles.nullable(),
  utility_kind: /* @__PURE__ */ UtilityKind.nullable(),
  /** Set when the last workflow upload failed (the spec stores the message on the node). */
  upload_error: /* @__PURE__ */ z.string().nullable(),
  /**
   * Node classes of its UI workflow that no worker knew when it was uploaded: jobs wait ('Waiting for a
   * worker with ...') until one that knows them connects, which also converts it to the API format.
   */
  waiting_for_classes: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()).optional(),
});
export type EditorNode = z.infer<typeof EditorNode>;

const NodeName = /* @__PURE__ */ z.string().trim().max(200);
const Handles = /* @__PURE__ */ z.array(/* @__PURE__ */ Handle.omit({ connections: true })).max(100);

export const CreateNodeBody = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ NodeName.default(''),
  position: /* @__PURE__ */ Position.default({ x: 0, y: 0 }),
  width: /* @__PURE__ */ z.number().min(40).max(4000).nullable().optional(),
  level: NodeLevel,
  type: NodeKind,
  value: /* @__PURE__ */ z.unknown().optional(),
  input_handles: /* @__PURE__ */ Handles.optional(),
  output_handles: /* @__PURE__ */ Handles.optional(),
  utility_kind: /* @__PURE__ */ UtilityKind.optional(),
});
export type CreateNodeBody = z.input<typeof CreateNodeBody>;

export const UpdateNodeBody = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ NodeName.optional(),
  position: /* @__PURE__ */ Position.optional(),
  width: /* @__PURE__ */ z.number().min(40).max(4000).nullable().optional(),
  value: /* @__PURE__ */ z.unknown().optional(),
  level: /* @__PURE__ */ NodeLevel.optional(),
  input_handles: /* @__PURE__ */ Handles.optional(),
  output_handles: /* @__PURE__ */ Handles.optional(),
});
export type UpdateNodeBody = z.input<typeof UpdateNodeBody>;

export const NodePositionUpdate = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  position: Position,
  type: /* @__PURE__ */ z.string().optional(),
  level: /* @__PURE__ */ NodeLevel.optional(),
  name: /* @__PURE__ */ z.string().optional(),
  input_handles: /* @__PURE__ */ z.array(/* @__PURE__ */ z.unknown()).optional(),
  output_handles: /* @__PURE__ */ z.array(/* @__PURE__ */ z.unknown()).optional(),
});
export const UpdateNodesBody = /* @__PURE__ */ z.array(NodePositionUpdate).max(2000);
export const UpdateNodesQuery = /* @__PURE__ */ z.object({
  positionsOnly: /* @__PURE__ */ z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const ConnectionBody = /* @__PURE__ */ z.object({
  source_node_id: Id,
  target_node_id: Id,
  source_handle_id: /* @__PURE__ */ z.string().min(1).max(200),
  target_handle_id: /* @__PURE__ */ z.string().min(1).max(200),
});
export type ConnectionBody = z.infer<typeof ConnectionBody>;

export const Connection = /* @__PURE__ */ ConnectionBody.extend({
  _id: /* @__PURE__ */ z.string(),
  movie_id: /* @__PURE__ */ z.string(),
});
export type Connection = z.infer<typeof Connection>;

export const UtilityNodeTemplate = /* @__PURE__ */ z.object({
  name: /* @__PURE__ */ z.string(),
  tooltip: /* @__PURE__ */ z.string(),
  utility_kind: UtilityKind,
  input_handles: /* @__PURE__ */ z.array(Handle),
  output_handles: /* @__PURE__ */ z.array(Handle),
});
export type UtilityNodeTemplate = z.infer<typeof UtilityNodeTemplate>;

export const WorkflowNodeSummary = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  hidden: /* @__PURE__ */ z.boolean(),
});
export type WorkflowNodeSummary = z.infer<typeof WorkflowNodeSummary>;

/** How many scenes, shots and characters had their inputs changed by the sync. */
export const SyncAllInputsResponse = /* @__PURE__ */ z.object({
  scenes: /* @__PURE__ */ z.number(),
  shots: /* @__PURE__ */ z.number(),
  characters: /* @__PURE__ */ z.number(),
});

export const MovieNodeParams = /* @__PURE__ */ z.object({ movieId: Id, nodeId: Id });
export const NodeParams = /* @__PURE__ */ z.object({ nodeId: Id });

/**
 * One entry of a scene's, shot's or character's `inputs`: that item's value for one of the movie's
 * input nodes of the item's level. Kept in step with the nodes by `sync_all_inputs`.
 */
export const ItemInput = /* @__PURE__ */ z.object({
  node_id: /* @__PURE__ */ z.string(),
  name: /* @__PURE__ */ z.string(),
  type: /* @__PURE__ */ z.string(),
  value: /* @__PURE__ */ z.unknown().optional(),
  hidden: /* @__PURE__ */ z.boolean().optional(),
});
export type ItemInput = z.infer<typeof ItemInput>;
