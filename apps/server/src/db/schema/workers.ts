import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WORKER_BACKENDS } from '@cinegraph/contracts';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A ComfyUI instance jobs run on. `user_id` null: the shared pool (COMFYUI_URLS and the dev worker),
 * upserted by URL on every start; a user's own workers serve only that user's jobs.
 */
export const workers = pgTable(
  'workers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull().unique(),
    label: text('label').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    capacity: integer('capacity').notNull().default(1),
    /** A real ComfyUI with its web editor; the preview worker runs jobs but has no editor to embed. */
    servesEditor: boolean('serves_editor').notNull().default(true),
    healthy: boolean('healthy').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastError: text('last_error'),
    comfyuiVersion: text('comfyui_version'),
    /** What runs behind the address: a ComfyUI server, a comfyui-api server or a RunPod endpoint. */
    backend: text('backend', { enum: WORKER_BACKENDS }).notNull().default('comfyui'),
    /** The backend's API key (RunPod), sealed (see worker-keys.ts), never shown back beyond its last 4 characters. */
    apiKey: text('api_key'),
    /** Jobs waiting on the backend and workers starting up (cold starts), as its last health check said. */
    queueDepth: integer('queue_depth'),
    coldStarts: integer('cold_starts'),
    /**
     * The node classes its `/object_info` lists, as last asked; null when unknown (not asked yet, or a
     * backend without node definitions): the claim then assumes it knows every class, as it always did.
     */
    nodeClasses: text('node_classes').array(),
    /** A digest of `node_classes`: the claim compares workers by it without reading the lists each time. */
    nodeClassesDigest: text('node_classes_digest'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workers_user_idx').on(t.userId)],
);

/**
 * What comfyui-api's webhooks delivered for one prompt (by the studio's chosen prompt id): its start and
 * last progress from the system webhook, its outcome from `webhook_v2`. Kept here rather than in memory,
 * so a delivery reaching another studio process, or arriving while the studio restarts, is not lost.
 */
export const comfyApiDeliveries = pgTable(
  'comfy_api_deliveries',
  {
    promptId: text('prompt_id').primaryKey(),
    started: boolean('started').notNull().default(false),
    progressValue: real('progress_value'),
    progressMax: real('progress_max'),
    /** The `prompt.complete` or `prompt.failed` body (base64 outputs included), null while it runs. */
    delivery: jsonb('delivery').$type<unknown>(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comfy_api_deliveries_updated_idx').on(t.updatedAt)],
);

/**
 * RunPod's job id for the prompt id the studio recorded before submitting, told by the job's webhook:
 * RunPod picks its own ids, and this is how a job submitted just before a crash is found again.
 */
export const runpodJobs = pgTable(
  'runpod_jobs',
  {
    promptId: text('prompt_id').primaryKey(),
    jobId: text('job_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('runpod_jobs_created_idx').on(t.createdAt)],
);
