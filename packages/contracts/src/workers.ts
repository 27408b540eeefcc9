import { z } from 'zod';
import { Id, IsoDate } from './common';

/** How many jobs one of a user's own workers may run at once. */
export const MIN_WORKER_CAPACITY = 1;
export const MAX_WORKER_CAPACITY = 16;
export const MAX_WORKER_LABEL_LENGTH = 80;
/** Every worker is asked for its health every 15 s; a user has no need for more than a rack. */
export const MAX_OWN_WORKERS = 20;
const MAX_WORKER_URL_LENGTH = 2000;

/**
 * What runs behind a worker's address: a ComfyUI server, a comfyui-api server (SaladTechnologies) or a
 * RunPod serverless endpoint running worker-comfyui (or its container serving the API locally).
 */
export const WORKER_BACKENDS = ['comfyui', 'comfyui-api', 'runpod'] as const;
export const WorkerBackend = /* @__PURE__ */ z.enum(WORKER_BACKENDS);
export type WorkerBackend = z.infer<typeof WorkerBackend>;
export const WORKER_BACKEND_NAMES: Record<WorkerBackend, string> = {
  comfyui: 'ComfyUI',
  'comfyui-api': 'comfyui-api',
  runpod: 'RunPod serverless',
};

/** Messages of the own-worker calls, shared by the server and the screen. */
export const WORKER_MESSAGES = {
  urlRequired: 'Enter the address of your ComfyUI, e.g. http://192.168.1.20:8188',
  urlInvalid: 'The address is not a valid URL, e.g. https://comfy.example.com',
  urlProtocol: 'The address must start with http:// or https://',
  urlCredentials: 'Leave the user name and password out of the address.',
  urlQuery: 'The address must not have a query (?...) or a fragment (#...).',
  urlTaken: 'This ComfyUI is already registered.',
  tooMany: `You can add at most ${MAX_OWN_WORKERS} workers. Remove one you no longer use first.`,
  notFound: 'Worker not found',
  removed: 'Worker removed',
  /** Its prompts are executing on that ComfyUI: moving them would run them twice. */
  busy: (jobs: number) =>
    `This worker still has ${jobs} ${jobs === 1 ? 'job' : 'jobs'} in progress. Cancel ${jobs === 1 ? 'it' : 'them'} or wait until ${jobs === 1 ? 'it finishes' : 'they finish'}, then remove the worker.`,
} as const;

/**
 * The address a worker is stored under: http(s) only, without credentials, query or fragment, host in
 * lower case, default port and trailing slashes dropped, so one ComfyUI has one spelling.
 */
export function normaliseWorkerUrl(input: string): { url: string } | { error: string } {
  const raw = input.trim();
  if (!raw) return { error: WORKER_MESSAGES.urlRequired };
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { error: WORKER_MESSAGES.urlInvalid };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { error: WORKER_MESSAGES.urlProtocol };
  if (parsed.username || parsed.password) return { error: WORKER_MESSAGES.urlCredentials };
  // `new URL` drops an empty `?` or `#`; the raw text still says the user meant one.
  if (parsed.search || parsed.hash || /[?#]/.test(raw)) return { error: WORKER_MESSAGES.urlQuery };
  if (!parsed.hostname) return { error: WORKER_MESSAGES.urlInvalid };
  const path = parsed.pathname.replace(/\/+$/, '');
  return { url: `${parsed.protocol}//${parsed.host}${path}` };
}

const Capacity = /* @__PURE__ */ z
  .number({ message: 'capacity must be a whole number from 1 to 16' })
  .int('capacity must be a whole number from 1 to 16')
  .min(MIN_WORKER_CAPACITY, 'capacity must be a whole number from 1 to 16')
  .max(MAX_WORKER_CAPACITY, 'capacity must be a whole number from 1 to 16');

const Label = /* @__PURE__ */ z
  .string()
  .trim()
  .max(MAX_WORKER_LABEL_LENGTH, `The name can be at most ${MAX_WORKER_LABEL_LENGTH} characters.`);

/** One of the signed-in user's own ComfyUI workers, with what the last health check saw. */
export const OwnWorker = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  url: /* @__PURE__ */ z.string(),
  label: /* @__PURE__ */ z.string(),
  capacity: /* @__PURE__ */ z.number(),
  /** Answered `/system_stats` at the last check; only healthy workers get jobs. */
  healthy: /* @__PURE__ */ z.boolean(),
  last_seen_at: /* @__PURE__ */ IsoDate.nullable(),
  last_error: /* @__PURE__ */ z.string().nullable(),
  comfyui_version: /* @__PURE__ */ z.string().nullable(),
  backend: WorkerBackend,
  /** Jobs waiting on the backend (RunPod's queue) at the last check; null when it does not say. */
  queue_depth: /* @__PURE__ */ z.number().nullable(),
  /** Workers starting up (cold starts) at the last check; null when the backend does not say. */
  cold_starts: /* @__PURE__ */ z.number().nullable(),
  /** The last 4 characters of its API key (RunPod), the only part ever sent back; null without a key. */
  api_key_ending: /* @__PURE__ */ z.string().nullable(),
  /** The user's jobs assigned to it, queued on it or running on it now. */
  active_jobs: /* @__PURE__ */ z.number(),
  /**
   * A comfyui-api worker's own webhook: the address for its SYSTEM_WEBHOOK_URL (the studio sends the
   * same as each job's `webhook_v2`) and the secret for its WEBHOOK_SECRET; null for other backends.
   */
  webhook: /* @__PURE__ */ z
    .object({ url: /* @__PURE__ */ z.string(), secret: /* @__PURE__ */ z.string() })
    .nullable(),
  created_at: IsoDate,
});
export type OwnWorker = z.infer<typeof OwnWorker>;

/** What the server lets a user's own worker be: private and local addresses only when its operator says. */
export const OwnWorkerRules = /* @__PURE__ */ z.object({
  private_addresses_allowed: /* @__PURE__ */ z.boolean(),
});
export type OwnWorkerRules = z.infer<typeof OwnWorkerRules>;

export const AddWorkerBody = /* @__PURE__ */ z.object({
  url: /* @__PURE__ */ z.string().max(MAX_WORKER_URL_LENGTH, 'The address is too long.'),
  /** Shown in the list; the address's host when left empty. */
  label: /* @__PURE__ */ Label.default(''),
  capacity: /* @__PURE__ */ Capacity.default(MIN_WORKER_CAPACITY),
  backend: /* @__PURE__ */ WorkerBackend.default('comfyui'),
  /** The backend's API key (RunPod); kept on the server sealed, never sent back (only its last 4 characters). */
  api_key: /* @__PURE__ */ z.string().trim().max(500).default(''),
});
export type AddWorkerBody = z.input<typeof AddWorkerBody>;

export const UpdateWorkerBody = /* @__PURE__ */ z
  .object({ label: /* @__PURE__ */ Label.optional(), capacity: /* @__PURE__ */ Capacity.optional() })
  .refine((body) => body.label !== undefined || body.capacity !== undefined, {
    message: 'Send a label or a capacity to change.',
  });
export type UpdateWorkerBody = z.input<typeof UpdateWorkerBody>;

export const WorkerIdParams = /* @__PURE__ */ z.object({ workerId: Id });
