import { z } from 'zod';
import { Id, IsoDate } from './common';
import { WorkerBackend } from './workers';

/** Statuses of a generation, in the order a job moves through them. */
export const GENERATION_STATUSES = [
  'pending',
  'assigned',
  'queued',
  'running',
  'success',
  'failed',
  'cancelled',
] as const;
export const GenerationStatus = z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof GenerationStatus>;

/** Statuses a job can still leave: cancelling reaches these. */
export const UNFINISHED_STATUSES = ['pending', 'assigned', 'queued', 'running'] as const;

/** Jobs per shot of one generate call (spec: 1 to 10, default 1). */
export const MIN_JOBS_PER_SHOT = 1;
export const MAX_JOBS_PER_SHOT = 10;

/** One resolved input of a take: its type and value (a list when several characters give one each). */
export const GenerationInput = z.object({
  type: z.string(),
  value: z.unknown(),
  name: z.string().optional(),
});
export type GenerationInput = z.infer<typeof GenerationInput>;
export const WorkflowInputs = z.record(z.string(), z.union([GenerationInput, z.array(GenerationInput)]));
export type WorkflowInputs = z.infer<typeof WorkflowInputs>;

export const GenerationOutput = z.object({
  type: z.enum(['image', 'video', 'audio']),
  url: z.string(),
  display_image: z.string().nullable(),
});
export type GenerationOutput = z.infer<typeof GenerationOutput>;

export const Generation = z.object({
  _id: z.string(),
  movie_id: z.string(),
  workflow_node_id: z.string(),
  shot_id: z.string().nullable(),
  scene_id: z.string().nullable(),
  level: z.enum(['shot', 'scene']),
  status: GenerationStatus,
  progress: z.number(),
  output: GenerationOutput.nullable(),
  /**
   * The spec's `inference.error_message`; `warning` when the worker ran the prompt but left some of its
   * outputs out (ComfyUI's `node_errors` on an accepted prompt), or, while pending, why it waits
   * ('Waiting for a worker with SaveAudioAdvanced': no connected worker knows that node class).
   */
  inference: z.object({ error_message: z.string().nullable(), warning: z.string().nullable() }),
  workflow_inputs: WorkflowInputs,
  use_as_input: z.boolean(),
  hidden: z.boolean(),
  new_output: z.boolean(),
  downloaded: z.boolean(),
  index: z.number(),
  display_image: z.string().nullable(),
  gpu_seconds: z.number().nullable(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Generation = z.infer<typeof Generation>;

/** Counts of a node's generations by status; the node shows pending+queued and running+assigned. */
export const GenerationStatusCounts = z.object({
  pending: z.number(),
  queued: z.number(),
  running: z.number(),
  assigned: z.number(),
  success: z.number(),
  failed: z.number(),
});
export type GenerationStatusCounts = z.infer<typeof GenerationStatusCounts>;
/** The counts of every workflow node of a movie with generations, by node id (a node without: absent). */
export const MovieGenerationStatusCounts = z.record(z.string(), GenerationStatusCounts);
export type MovieGenerationStatusCounts = z.infer<typeof MovieGenerationStatusCounts>;

export const GenerateBody = z.object({
  shot_ids: z.array(Id).min(1, 'Select at least one shot.').max(500),
  num_jobs: z.coerce.number().int().min(MIN_JOBS_PER_SHOT).max(MAX_JOBS_PER_SHOT).default(1),
});
export type GenerateBody = z.input<typeof GenerateBody>;
export const GenerateParams = z.object({ nodeId: Id, movieId: Id, userId: Id });
export const EstimateParams = z.object({ nodeId: Id, movieId: Id });
export const GenerateResponse = z.object({
  generation_ids: z.array(z.string()),
  message: z.string(),
});

export const ShotValidation = z.object({
  scene_id: z.string(),
  shot_id: z.string(),
  valid: z.boolean(),
  index: z.number(),
  description: z.string(),
  /** Why a shot is not valid: the inputs that do not resolve, e.g. 'Reference Image (character Mara)'. */
  missing: z.array(z.string()),
});
export type ShotValidation = z.infer<typeof ShotValidation>;
export const ValidateShotInputsParams = z.object({ workflowNodeId: Id, movieId: Id });

export const NodeIdParams = z.object({ nodeId: Id });
export const GenerationIdParams = z.object({ id: Id });
export const CancelResponse = z.object({ cancelled: z.number() });

export const ShotGenerationsParams = z.object({ shotId: Id });
/** Without `workflow_node_id`: every workflow's takes of the shot (the all_workflows screen). */
export const ShotGenerationsQuery = z.object({
  workflow_node_id: Id.optional(),
  show_hidden: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const GenerationUpdate = z.object({
  use_as_input: z.boolean().optional(),
  hidden: z.boolean().optional(),
  new_output: z.boolean().optional(),
  downloaded: z.boolean().optional(),
});
export type GenerationUpdate = z.infer<typeof GenerationUpdate>;

/**
 * What changed about a generation, pushed to the open pages of its movie (`event: generation` of the
 * movie's event stream): `status` moves and `progress` updates while it runs; `deleted` when it is gone.
 */
export const GenerationEvent = z.object({
  id: z.string(),
  movie_id: z.string(),
  workflow_node_id: z.string(),
  shot_id: z.string().nullable(),
  scene_id: z.string().nullable(),
  status: GenerationStatus,
  progress: z.number(),
  change: z.enum(['status', 'progress', 'deleted']),
});
export type GenerationEvent = z.infer<typeof GenerationEvent>;
export const GenerationEventsParams = z.object({ movieId: Id });

export const TunnelStatus = z.object({
  has_tunneled_worker: z.boolean(),
  tunneled_workers: z.array(z.object({ tunnel_url: z.string() })),
});
export type TunnelStatus = z.infer<typeof TunnelStatus>;

/** Server messages of the generation calls. */
export const GENERATION_MESSAGES = {
  started: 'Generation Started!',
  noWorkflow: 'This workflow node has no workflow yet: upload or create one before generating.',
  notWorkflowNode: 'Only a workflow node generates.',
  shotsOutsideMovie: 'Some of the selected shots are not in this movie.',
  generationNotFound: 'Generation not found',
  cancelled: 'Generation cancelled',
} as const;

/** The median GPU seconds of a workflow's finished takes on one kind of worker. */
export const GpuSecondsOfKind = z.object({
  worker_kind: WorkerBackend,
  median_seconds: z.number(),
  /** How many finished takes the median is of. */
  takes: z.number(),
});
export type GpuSecondsOfKind = z.infer<typeof GpuSecondsOfKind>;

/** A batch expected to use more than this share of the remaining monthly GPU time asks first. */
export const CONFIRM_GPU_SHARE = 0.1;

/** What a batch is expected to cost, before it is started (the generate dialog and scripts). */
export const GenerateEstimate = z.object({
  jobs: z.number(),
  /** Per worker kind; empty: no history yet. */
  gpu_seconds_per_job: z.array(GpuSecondsOfKind),
  /** Jobs x the median of every finished take of the workflow, or null without history. */
  expected_gpu_seconds: z.number().nullable(),
  /** Jobs waiting ahead of the batch on the workers it may use, and their free job slots. */
  queue_ahead: z.number(),
  free_slots: z.number(),
  /** Seconds until the batch's first job starts, or null when no worker is connected or nothing is known. */
  expected_wait_seconds: z.number().nullable(),
  gpu_hours_per_month: z.number(),
  /** GPU seconds of the month left on the shared workers. */
  gpu_seconds_left: z.number(),
  storage_bytes_used: z.number(),
  storage_bytes_limit: z.number(),
  /** True when the batch is expected to use more than 10% of the GPU time left this month. */
  needs_confirmation: z.boolean(),
});
export type GenerateEstimate = z.infer<typeof GenerateEstimate>;
