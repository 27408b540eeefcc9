import { z } from 'zod';
import { Id } from './common';
import { HANDLE_COLORS, type HandleType } from './handles';

export const HandleTypeSchema = z.enum(Object.keys(HANDLE_COLORS) as [HandleType, ...HandleType[]]);

export const NodeKind = z.enum(['primitive', 'workflow', 'utility']);
export type NodeKind = z.infer<typeof NodeKind>;

/** Where an input node's value is set: once per movie, per scene, per shot or per character. */
export const NodeLevel = z.enum(['movie', 'scene', 'shot', 'character', 'editor']);
export type NodeLevel = z.infer<typeof NodeLevel>;
export const PRIMITIVE_LEVELS = ['movie', 'scene', 'shot', 'character'] as const;
export type PrimitiveLevel = (typeof PRIMITIVE_LEVELS)[number];

/** The six canvas node types; a primitive is shown by its level and saved back as `primitive`. */
export const CANVAS_NODE_TYPES = [
  'moviePrimitive',
  'scenePrimitive',
  'shotPrimitive',
  'characterPrimitive',
  'workflow',
  'utility',
] as const;
export type CanvasNodeType = (typeof CANVAS_NODE_TYPES)[number];

export const DEFAULT_NODE_WIDTHS: Record<CanvasNodeType, number> = {
  moviePrimitive: 220,
  scenePrimitive: 180,
  shotPrimitive: 180,
  characterPrimitive: 180,
  workflow: 300,
  utility: 220,
};

export const HandleConnection = z.object({ node_id: z.string(), handle_id: z.string() });

export const Handle = z.object({
  id: z.string().min(1).max(200),
  name: z.string().max(200),
  type: HandleTypeSchema,
  tooltip: z.string().max(2000).optional(),
  /** Filled by the server from the movie's connections when nodes are read. */
  connections: z.array(HandleConnection).optional(),
});
export type Handle = z.infer<typeof Handle>;

export const Position = z.object({ x: z.coerce.number().catch(0), y: z.coerce.number().catch(0) });
export type Position = z.infer<typeof Position>;

export const WorkflowFiles = z.object({ link: z.string().nullable(), api_link: z.string().nullable() });

/** Which computation a utility node performs (its template). */
export const UtilityKind = z.enum(['add_text', 'prompt', 'download']);
export type UtilityKind = z.infer<typeof UtilityKind>;

export const EditorNode = z.object({
  _id: z.string(),
  movie_id: z.string(),
  name: z.string(),
  type: NodeKind,
  level: NodeLevel,
  position: Position,
  width: z.number().nullable(),
  hidden: z.boolean(),
  value: z.unknown(),
  input_handles: z.array(Handle),
  output_handles: z.array(Handle),
  workflow: WorkflowFiles.nullable(),
  utility_kind: UtilityKind.nullable(),
  /** Set when the last workflow upload failed (the spec stores the message on the node). */
  upload_error: z.string().nullable(),
  /**
   * Node classes of its UI workflow that no worker knew when it was uploaded: jobs wait ('Waiting for a
   * worker with ...') until one that knows them connects, which also converts it to the API format.
   */
  waiting_for_classes: z.array(z.string()).optional(),
});
export type EditorNode = z.infer<typeof EditorNode>;

const NodeName = z.string().trim().max(200);
const Handles = z.array(Handle.omit({ connections: true })).max(100);

export const CreateNodeBody = z.object({
  name: NodeName.default(''),
  position: Position.default({ x: 0, y: 0 }),
  width: z.number().min(40).max(4000).nullable().optional(),
  level: NodeLevel,
  type: NodeKind,
  value: z.unknown().optional(),
  input_handles: Handles.optional(),
  output_handles: Handles.optional(),
  utility_kind: UtilityKind.optional(),
});
export type CreateNodeBody = z.input<typeof CreateNodeBody>;

export const UpdateNodeBody = z.object({
  name: NodeName.optional(),
  position: Position.optional(),
  width: z.number().min(40).max(4000).nullable().optional(),
  value: z.unknown().optional(),
  level: NodeLevel.optional(),
  input_handles: Handles.optional(),
  output_handles: Handles.optional(),
});
export type UpdateNodeBody = z.input<typeof UpdateNodeBody>;

export const NodePositionUpdate = z.object({
  id: z.string(),
  position: Position,
  type: z.string().optional(),
  level: NodeLevel.optional(),
  name: z.string().optional(),
  input_handles: z.array(z.unknown()).optional(),
  output_handles: z.array(z.unknown()).optional(),
});
export const UpdateNodesBody = z.array(NodePositionUpdate).max(2000);
export const UpdateNodesQuery = z.object({
  positionsOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const ConnectionBody = z.object({
  source_node_id: Id,
  target_node_id: Id,
  source_handle_id: z.string().min(1).max(200),
  target_handle_id: z.string().min(1).max(200),
});
export type ConnectionBody = z.infer<typeof ConnectionBody>;

export const Connection = ConnectionBody.extend({ _id: z.string(), movie_id: z.string() });
export type Connection = z.infer<typeof Connection>;

export const UtilityNodeTemplate = z.object({
  name: z.string(),
  tooltip: z.string(),
  utility_kind: UtilityKind,
  input_handles: z.array(Handle),
  output_handles: z.array(Handle),
});
export type UtilityNodeTemplate = z.infer<typeof UtilityNodeTemplate>;

export const WorkflowNodeSummary = z.object({ id: z.string(), name: z.string(), hidden: z.boolean() });
export type WorkflowNodeSummary = z.infer<typeof WorkflowNodeSummary>;

/** How many scenes, shots and characters had their inputs changed by the sync. */
export const SyncAllInputsResponse = z.object({
  scenes: z.number(),
  shots: z.number(),
  characters: z.number(),
});

export const MovieNodeParams = z.object({ movieId: Id, nodeId: Id });
export const NodeParams = z.object({ nodeId: Id });

/** The id of a primitive's single output handle (edge ids default to it too). */
export const PRIMITIVE_OUTPUT_HANDLE_ID = 'output';

/**
 * One entry of a scene's, shot's or character's `inputs`: that item's value for one of the movie's
 * input nodes of the item's level. Kept in step with the nodes by `sync_all_inputs`.
 */
export const ItemInput = z.object({
  node_id: z.string(),
  name: z.string(),
  type: z.string(),
  value: z.unknown().optional(),
  hidden: z.boolean().optional(),
});
export type ItemInput = z.infer<typeof ItemInput>;
