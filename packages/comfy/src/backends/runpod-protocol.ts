import { z } from 'zod';

/**
 * RunPod's job statuses (`/run`, `/status/{id}`, `/cancel/{id}`): the API reference and the SDK say
 * IN_PROGRESS, RunPod's job-states page calls the same state RUNNING; both are read as running.
 */
export const RUNPOD_STATUSES = [
  'IN_QUEUE',
  'IN_PROGRESS',
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'TIMED_OUT',
] as const;
export type RunPodStatus = (typeof RUNPOD_STATUSES)[number];

/** worker-comfyui 5.x output: `images` as base64 or S3 URLs, `errors` for non-fatal problems. */
const OutputImageSchema = z.object({
  filename: z.string(),
  type: z.enum(['base64', 's3_url']),
  data: z.string(),
});
export type RunPodOutputImage = z.infer<typeof OutputImageSchema>;

/** `GET /status/{id}` (also `/run`'s and `/cancel`'s answers, which carry only id and status). */
export const RunPodJobSchema = z.looseObject({
  id: z.string(),
  status: z.enum(RUNPOD_STATUSES),
  delayTime: z.number().optional(),
  executionTime: z.number().optional(),
  output: z
    .looseObject({
      images: z.array(OutputImageSchema).optional(),
      errors: z.array(z.string()).optional(),
      /** worker-comfyui's `{error, details}` when a job fails: what went wrong, node by node. */
      details: z.array(z.string()).optional(),
    })
    // A handler's `progress_update` may leave any value here while the job runs.
    .nullish()
    .catch(null),
  error: z.unknown().optional(),
});
export type RunPodJob = z.infer<typeof RunPodJobSchema>;

/** `GET /health`: jobs by state and workers by state (`initializing` ones are cold starts). */
export const RunPodHealthSchema = z.looseObject({
  jobs: z.looseObject({ inQueue: z.number().catch(0), inProgress: z.number().catch(0) }),
  workers: z.looseObject({ initializing: z.number().catch(0) }).catch({ initializing: 0 }),
});

/** `GET /stream/{id}`: what a streaming handler yielded since the last read. */
export const RunPodStreamSchema = z.looseObject({
  status: z.string(),
  stream: z.array(z.looseObject({ output: z.unknown() })).catch([]),
});

/**
 * Step progress in what a handler reports while a job runs (a `progress_update` in `/status`'s output, a
 * chunk of `/stream`): `{value, max}` as ComfyUI's own `progress` message, or `{progress, max}`.
 */
export function runpodProgress(output: unknown): { value: number; max: number } | null {
  if (!output || typeof output !== 'object') return null;
  const { value, progress, max } = output as Record<string, unknown>;
  const done = typeof value === 'number' ? value : progress;
  return typeof done === 'number' && typeof max === 'number' && max > 0 ? { value: done, max } : null;
}

/** What a RunPod status means to the studio. */
export type RunPodState =
  | { state: 'waiting'; running: boolean }
  | { state: 'success'; images: RunPodOutputImage[]; executionSeconds: number | null }
  | { state: 'failed'; message: string }
  | { state: 'cancelled' };

/**
 * A COMPLETED job without images (`{"status": "success_no_images", "images": []}`): worker-comfyui 5.x
 * sends back only the `images` of output nodes and logs the others as unhandled (its handler.py: the
 * node pack's video `gifs` and `audio`).
 */
const NO_IMAGE =
  'The RunPod job finished without an image: worker-comfyui returns images only, so a video or sound output does not come back from RunPod';

/**
 * The studio's reading of a RunPod job: IN_QUEUE and IN_PROGRESS wait (the latter runs), COMPLETED is a
 * take (or a failure when it has no image), FAILED carries the handler's error (worker-comfyui returns `{error}`), TIMED_OUT is a failure
 * naming the endpoint's execution timeout, CANCELLED is a cancel (by the studio or on RunPod's console).
 */
export function runpodState(job: RunPodJob): RunPodState {
  switch (job.status) {
    case 'IN_QUEUE':
      return { state: 'waiting', running: false };
    case 'IN_PROGRESS':
    case 'RUNNING':
      return { state: 'waiting', running: true };
    case 'COMPLETED': {
      const executionSeconds = typeof job.executionTime === 'number' ? job.executionTime / 1000 : null;
      const images = job.output?.images ?? [];
      if (images.length === 0)
        return { state: 'failed', message: [NO_IMAGE, ...(job.output?.errors ?? [])].join(': ') };
      return { state: 'success', images, executionSeconds };
    }
    case 'FAILED':
      return {
        state: 'failed',
        message: [errorText(job.error) || 'The RunPod job failed', ...(job.output?.details ?? [])].join(': '),
      };
    case 'TIMED_OUT':
      return { state: 'failed', message: "The RunPod job ran past its endpoint's execution timeout." };
    case 'CANCELLED':
      return { state: 'cancelled' };
  }
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'error' in error) return errorText(error.error);
  return error === undefined || error === null ? '' : JSON.stringify(error);
}
