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
export const GenerationStatus = /* @__PURE__ */ z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof GenerationStatus>;

/** Statuses a job can still leave: cancelling reaches these. */
export const UNFINISHED_STATUSES = ['pending', 'assigned', 'queued', 'running'] as const;

/** Jobs per shot of one generate call (spec: 1 to 10, default 1). */
export const MIN_JOBS_PER_SHOT = 1;
export const MAX_JOBS_PER_SHOT = 10;

/** One resolved input of a take: its type and value (a list when several characters give one each). */
export const GenerationInput = /* @__PURE__ */ z.object({
  type: /* @__PURE__ */ z.string(),
  value: /* @__PURE__ */ z.unknown(),
  name: /* @__PURE__ */ z.string().optional(),
});
export type GenerationInput = z.infer<typeof GenerationInput>;
export const WorkflowInputs = /* @__PURE__ */ z.record(
  /* @__PURE__ */ z.string(),
  /* @__PURE__ */ z.union([GenerationInput, /* @__PURE__ */ z.array(GenerationInput)]),
);
export type WorkflowInputs = z.infer<typeof WorkflowInputs>;

export const GenerationOutput = /* @__PURE__ */ z.object({
  type: /* @__PURE__ */ z.enum(['image', 'video', 'audio']),
  url: /* @__PURE__ */ z.string(),
  display_image: /* @__PURE__ */ z.string().nullable(),
});
export type GenerationOutput = z.infer<typeof GenerationOutput>;

export const Generation = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  movie_id: /* @__PURE__ */ z.string(),
  workflow_node_id: /* @__PURE__ */ z.string(),
  shot_id: /* @__PURE__ */ z.string().nullable(),
  scene_id: /* @__PURE__ */ z.string().nullable(),
  level: /* @__PURE__ */ z.enum(['shot', 'scene']),
  status: GenerationStatus,
  progress: /* @__PURE__ */ z.number(),
  output: /* @__PURE__ */ GenerationOutput.nullable(),
  /**
   * The spec's `inference.error_message`; `warning` when the worker ran the prompt but left some of its
   * outputs out (ComfyUI's `node_errors` on an accepted prompt), or, while pending, why it waits
   * ('Waiting for a worker with SaveAudioAdvanced': no connected worker knows that node class).
   */
  inference: /* @__PURE__ */ z.object({
    error_message: /* @__PURE__ */ z.string().nullable(),
    warning: /* @__PURE__ */ z.string().nullable(),
  }),
  workflow_inputs: WorkflowInputs,
  use_as_input: /* @__PURE__ */ z.boolean(),
  hidden: /* @__PURE__ */ z.boolean(),
  new_output: /* @__PURE__ */ z.boolean(),
  downloaded: /* @__PURE__ */ z.boolean(),
  index: /* @__PURE__ */ z.number(),
  display_image: /* @__PURE__ */ z.string().nullable(),
  gpu_seconds: /* @__PURE__ */ z.number().nullable(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Generation = z.infer<typeof Generation>;

/** Counts of a node's generations by status; the node shows pending+queued and running+assigned. */
export const GenerationStatusCounts = /* @__PURE__ */ z.object({
  pending: /* @__PURE__ */ z.number(),
  queued: /* @__PURE__ */ z.number(),
  running: /* @__PURE__ */ z.number(),
  assigned: /* @__PURE__ */ z.number(),
  success: /* @__PURE__ */ z.number(),
  failed: /* @__PURE__ */ z.number(),
});
export type GenerationStatusCounts = z.infer<typeof GenerationStatusCounts>;
/** The counts of every workflow node of a movie with generations, by node id (a node without: absent). */
export const MovieGenerationStatusCounts = /* @__PURE__ */ z.record(
  /* @__PURE__ */ z.string(),
  GenerationStatusCounts,
);
export type MovieGenerationStatusCounts = z.infer<typeof MovieGenerationStatusCounts>;

export const GenerateBody = /* @__PURE__ */ z.object({
  shot_ids: /* @__PURE__ */ z.array(Id).min(1, 'Select at least one shot.').max(500),
  num_jobs: /* @__PURE__ */ z.coerce.number().int().min(MIN_JOBS_PER_SHOT).max(MAX_JOBS_PER_SHOT).default(1),
});
export type GenerateBody = z.input<typeof GenerateBody>;
export const GenerateParams = /* @__PURE__ */ z.object({ nodeId: Id, movieId: Id, userId: Id });
export const EstimateParams = /* @__PURE__ */ z.object({ nodeId: Id, movieId: Id });
export const GenerateResponse = /* @__PURE__ */ z.object({
  generation_ids: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  message: /* @__PURE__ */ z.string(),
});

export const ShotValidation = /* @__PURE__ */ z.object({
  scene_id: /* @__PURE__ */ z.string(),
  shot_id: /* @__PURE__ */ z.string(),
  valid: /* @__PURE__ */ z.boolean(),
  index: /* @__PURE__ */ z.number(),
  description: /* @__PURE__ */ z.string(),
  /** Why a shot is not valid: the inputs that do not resolve, e.g. 'Reference Image (character Mara)'. */
  missing: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
});
export type ShotValidation = z.infer<typeof ShotValidation>;
export const ValidateShotInputsParams = /* @__PURE__ */ z.object({ workflowNodeId: Id, movieId: Id });

export const NodeIdParams = /* @__PURE__ */ z.object({ nodeId: Id });
export const GenerationIdParams = /* @__PURE__ */ z.object({ id: Id });
export const CancelResponse = /* @__PURE__ */ z.object({ cancelled: /* @__PURE__ */ z.number() });

export const ShotGenerationsParams = /* @__PURE__ */ z.object({ shotId: Id });
/** Without `workflow_node_id`: every workflow's takes of the shot (the all_workflows screen). */
export const ShotGenerationsQuery = /* @__PURE__ */ z.object({
  workflow_node_id: /* @__PURE__ */ Id.optional(),
  show_hidden: /* @__PURE__ */ z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const GenerationUpdate = /* @__PURE__ */ z.object({
  use_as_input: /* @__PURE__ */ z.boolean().optional(),
  hidden: /* @__PURE__ */ z.boolean().optional(),
  new_output: /* @__PURE__ */ z.boolean().optional(),
  downloaded: /* @__PURE__ */ z.boolean().optional(),
});
export type GenerationUpdate = z.infer<typeof GenerationUpdate>;

/**
 * What changed about a generation, pushed to the open pages of its movie (`event: generation` of the
 * movie's event stream): `status` moves and `progress` updates while it runs; `deleted` when it is gone.
 */
export const GenerationEvent = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  movie_id: /* @__PURE__ */ z.string(),
  workflow_node_id: /* @__PURE__ */ z.string(),
  shot_id: /* @__PURE__ */ z.string().nullable(),
  scene_id: /* @__PURE__ */ z.string().nullable(),
  status: GenerationStatus,
  progress: /* @__PURE__ */ z.number(),
  change: /* @__PURE__ */ z.enum(['status', 'progress', 'deleted']),
});
export type GenerationEvent = z.infer<typeof GenerationEvent>;
export const GenerationEventsParams = /* @__PURE__ */ z.object({ movieId: Id });

export const TunnelStatus = /* @__PURE__ */ z.object({
  has_tunneled_worker: /* @__PURE__ */ z.boolean(),
  tunneled_workers: /* @__PURE__ */ z.array(
    /* @__PURE__ */ z.object({ tunnel_url: /* @__PURE__ */ z.string() }),
  ),
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
export const GpuSecondsOfKind = /* @__PURE__ */ z.object({
  worker_kind: WorkerBackend,
  median_seconds: /* @__PURE__ */ z.number(),
  /** How many finished takes the median is of. */
  takes: /* @__PURE__ */ z.number(),
});
export type GpuSecondsOfKind = z.infer<typeof GpuSecondsOfKind>;

/** A batch expected to use more than this share of the remaining monthly GPU time asks first. */
export const CONFIRM_GPU_SHARE = 0.1;

/** What a batch is expected to cost, before it is started (the generate dialog and scripts). */
export const GenerateEstimate = /* @__PURE__ */ z.object({
  jobs: /* @__PURE__ */ z.number(),
  /** Per worker kind; empty: no history yet. */
  gpu_seconds_per_job: /* @__PURE__ */ z.array(GpuSecondsOfKind),
  /** Jobs x the median of every finished take of the workflow, or null without history. */
  expected_gpu_seconds: /* @__PURE__ */ z.number().nullable(),
  /** Jobs waiting ahead of the batch on the workers it may use, and their free job slots. */
  queue_ahead: /* @__PURE__ */ z.number(),
  free_slots: /* @__PURE__ */ z.number(),
  /** Seconds until the batch's first job starts, or null when no worker is connected or nothing is known. */
  expected_wait_seconds: /* @__PURE__ */ z.number().nullable(),
  gpu_hours_per_month: /* @__PURE__ */ z.number(),
  /** GPU seconds of the month left on the shared workers. */
  gpu_seconds_left: /* @__PURE__ */ z.number(),
  storage_bytes_used: /* @__PURE__ */ z.number(),
  storage_bytes_limit: /* @__PURE__ */ z.number(),
  /** True when the batch is expected to use more than 10% of the GPU time left this month. */
  needs_confirmation: /* @__PURE__ */ z.boolean(),
});
export type GenerateEstimate = z.infer<typeof GenerateEstimate>;
