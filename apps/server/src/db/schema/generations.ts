import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GENERATION_STATUSES } from '@cinegraph/contracts';
import { createdAt, updatedAt } from './columns';
import { nodes } from './editor';
import { movies } from './movies';
import { scenes, shots } from './storyboard';
import { users } from './users';
import { workers } from './workers';

/** One resolved input of a generation, as the take shows it (a list when several characters give one). */
export interface GenerationInputColumn {
  type: string;
  value: unknown;
  name?: string;
}

export interface GenerationOutputColumn {
  type: 'image' | 'video' | 'audio';
  url: string;
  display_image: string | null;
  /** The output file's size, counted in the user's storage (absent on takes stored before it was kept). */
  bytes?: number;
  /** A video or sound take's length as its container header states it, read when it was stored. */
  seconds?: number;
}

/**
 * A take of one shot by one workflow node, and the job queue itself: the dispatcher claims `pending`
 * rows and moves each through its statuses with conditional UPDATEs.
 */
export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    workflowNodeId: uuid('workflow_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    shotId: uuid('shot_id').references(() => shots.id, { onDelete: 'cascade' }),
    sceneId: uuid('scene_id').references(() => scenes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    level: text('level', { enum: ['shot', 'scene'] }).notNull(),
    status: text('status', { enum: GENERATION_STATUSES }).notNull().default('pending'),
    workflowInputs: jsonb('workflow_inputs')
      .$type<Record<string, GenerationInputColumn | GenerationInputColumn[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    workerId: uuid('worker_id').references(() => workers.id, { onDelete: 'set null' }),
    promptId: text('prompt_id'),
    /** The client id the prompt was submitted with: finds it on a worker that chose its own prompt id. */
    comfyClientId: text('comfy_client_id'),
    progress: real('progress').notNull().default(0),
    output: jsonb('output').$type<GenerationOutputColumn>(),
    errorMessage: text('error_message'),
    /** Something the worker left out without failing the take (outputs refused in `node_errors`). */
    warning: text('warning'),
    useAsInput: boolean('use_as_input').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    newOutput: boolean('new_output').notNull().default(false),
    downloaded: boolean('downloaded').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    gpuSeconds: real('gpu_seconds'),
    /** Queued past the tier's limits on the shared workers: only the user's own workers may run it. */
    ownWorkersOnly: boolean('own_workers_only').notNull().default(false),
    /** The node classes its workflow runs (see requiredNodeClasses): only a worker knowing them all claims it. */
    requiredClasses: text('required_classes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    index: integer('index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The claim's `WHERE status = 'pending' ORDER BY created_at, id LIMIT n` reads this index in order
    // instead of sorting the whole queue.
    index('generations_claim_idx').on(t.status, t.createdAt, t.id),
    index('generations_node_idx').on(t.workflowNodeId, t.status),
    index('generations_shot_idx').on(t.shotId, t.workflowNodeId),
    index('generations_scene_idx').on(t.sceneId),
    index('generations_worker_idx').on(t.workerId, t.status),
  ],
);
