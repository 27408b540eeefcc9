import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_STILL_DURATION_SECONDS,
  GENERATION_STATUSES,
  WORKER_BACKENDS,
  type Handle,
  type ItemInput,
  type MovieInput,
} from '@cinegraph/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  nickname: text('nickname').notNull().default(''),
  profileImage: text('profile_image'),
  tier: text('tier', { enum: ['free', 'pro', 'studio'] })
    .notNull()
    .default('free'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Sign-in links: only the hash of the token is kept; a link works once and expires. */
export const magicLinks = pgTable(
  'magic_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    requestedIp: text('requested_ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('magic_links_email_created_idx').on(t.email, t.createdAt),
    index('magic_links_ip_created_idx').on(t.requestedIp, t.createdAt),
  ],
);

/**
 * Attempts counted per scope and key (a client address, an email) in a window that opens at the first
 * attempt: kept in the database so that every studio process, and a restarted one, shares one allowance.
 * Rows whose window has closed are swept.
 */
export const attemptCounts = pgTable(
  'attempt_counts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('attempt_counts_window_ends_idx').on(t.windowEndsAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const movies = pgTable('movies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  displayImage: text('display_image'),
  currentNodeColor: text('current_node_color'),
  /** Seconds a still take lasts on an exported timeline. */
  stillDuration: real('still_duration').notNull().default(DEFAULT_STILL_DURATION_SECONDS),
  inputs: jsonb('inputs')
    .$type<MovieInput[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The members let takes marked use-as-input appear on the curated-media page (consent, off by default). */
  shareTakesWithCommunity: boolean('share_takes_with_community').notNull().default(false),
  /** Set on the template movies that ship with the product; they have no members. */
  templateKey: text('template_key').unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A movie belongs to its members; accepting a share adds a member, and all members edit the same movie. */
export const movieMembers = pgTable(
  'movie_members',
  {
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.movieId, t.userId] }), index('movie_members_user_idx').on(t.userId)],
);

export const movieShares = pgTable('movie_shares', {
  id: uuid('id').primaryKey().defaultRandom(),
  movieId: uuid('movie_id')
    .notNull()
    .references(() => movies.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** Links made before expiry existed get the week from the migration. */
  expiresAt: timestamp('expires_at', { withTimezone: true })
    .notNull()
    .default(sql`now() + interval '7 days'`),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Handles are stored without their connections; those are filled from `connections` when read. */
export type StoredHandle = Omit<Handle, 'connections'>;

/** A node of a movie's generation graph: an input (primitive), a ComfyUI workflow or a utility. */
export const nodes = pgTable(
  'nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    type: text('type', { enum: ['primitive', 'workflow', 'utility'] }).notNull(),
    level: text('level', { enum: ['movie', 'scene', 'shot', 'character', 'editor'] }).notNull(),
    positionX: doublePrecision('position_x').notNull().default(0),
    positionY: doublePrecision('position_y').notNull().default(0),
    width: doublePrecision('width'),
    hidden: boolean('hidden').notNull().default(false),
    value: jsonb('value').$type<unknown>(),
    inputHandles: jsonb('input_handles')
      .$type<StoredHandle[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    outputHandles: jsonb('output_handles')
      .$type<StoredHandle[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    workflowLink: text('workflow_link'),
    workflowApiLink: text('workflow_api_link'),
    utilityKind: text('utility_kind', { enum: ['add_text', 'prompt', 'download'] }),
    uploadError: text('upload_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('nodes_movie_idx').on(t.movieId)],
);

/** An edge from an output handle to an input handle; an input handle takes at most one. */
export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    sourceNodeId: uuid('source_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    sourceHandleId: text('source_handle_id').notNull(),
    targetNodeId: uuid('target_node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    targetHandleId: text('target_handle_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('connections_movie_idx').on(t.movieId),
    index('connections_source_idx').on(t.sourceNodeId),
    unique('connections_target_handle_unique').on(t.targetNodeId, t.targetHandleId),
    unique('connections_edge_unique').on(t.sourceNodeId, t.sourceHandleId, t.targetNodeId, t.targetHandleId),
  ],
);

/** The flags and inputs every storyboard item (scene, shot, character) carries. */
const itemColumns = () => ({
  index: integer('index').notNull().default(0),
  inputs: jsonb('inputs')
    .$type<ItemInput[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The level's extra text fields (e.g. a scene's location, a shot's dialogue and camera angle). */
  fields: jsonb('fields')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  hidden: boolean('hidden').notNull().default(false),
  newOutput: boolean('new_output').notNull().default(false),
  useAsInput: boolean('use_as_input').notNull().default(false),
  downloaded: boolean('downloaded').notNull().default(false),
  displayImage: text('display_image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const scenes = pgTable(
  'scenes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    ...itemColumns(),
  },
  (t) => [index('scenes_movie_idx').on(t.movieId, t.index)],
);

export const shots = pgTable(
  'shots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    ...itemColumns(),
  },
  (t) => [index('shots_scene_idx').on(t.sceneId, t.index), index('shots_movie_idx').on(t.movieId)],
);

export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    ...itemColumns(),
  },
  (t) => [index('characters_movie_idx').on(t.movieId, t.index)],
);

/**
 * A character, location or concept description of a movie (the prompt node's descriptions). Written
 * once per source item (`source_id`: a character, scene or movie input); a deleted one keeps its row
 * with `deleted_at` so it is not written again.
 */
export const descriptions = pgTable(
  'descriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['character', 'location', 'concept'] }).notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    sourceId: text('source_id').notNull(),
    sourceName: text('source_name').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('descriptions_source_unique').on(t.movieId, t.type, t.sourceId)],
);

/** Metadata an upload carries from the studio: which node and item it was dropped on, and when. */
export interface AssetMetadataColumn {
  node_id?: string | null;
  item_id?: string | null;
  uploaded_at?: string | null;
}

/**
 * An upload started with a presigned URL and not completed yet; a row left behind marks an object or a
 * multipart upload that cleanup may remove.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    s3Key: text('s3_key').notNull().unique(),
    uploadId: text('upload_id'),
    fileType: text('file_type', { enum: ['image', 'video', 'audio', 'workflow', 'lora'] }).notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    fileSize: doublePrecision('file_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_created_idx').on(t.createdAt)],
);

/** A file a user uploaded (image, video, audio, workflow, LoRA), kept in storage under `s3_key`. */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    s3Key: text('s3_key').notNull().unique(),
    url: text('url').notNull(),
    fileType: text('file_type', { enum: ['image', 'video', 'audio', 'workflow', 'lora'] }).notNull(),
    fileSize: doublePrecision('file_size').notNull(),
    contentType: text('content_type').notNull(),
    displayImage: text('display_image'),
    metadata: jsonb('metadata')
      .$type<AssetMetadataColumn>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assets_user_created_idx').on(t.userId, t.createdAt)],
);

/** A workflow published to the community; its files are copied to its own storage keys. */
export const sharedWorkflows = pgTable(
  'shared_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The node it was shared from; kept when the node goes, so the shared copy lives on. */
    nodeId: uuid('node_id').references(() => nodes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    workflowLink: text('workflow_link'),
    workflowApiLink: text('workflow_api_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('shared_workflows_user_idx').on(t.userId)],
);

/** One user's like or dislike of a shared workflow. */
export const workflowVotes = pgTable(
  'workflow_votes',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => sharedWorkflows.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['like', 'dislike'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.userId] }), index('workflow_votes_user_idx').on(t.userId)],
);

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

/** A block of a forum post as stored: the creator's kinds, file values pointing at community addresses. */
export interface ForumBlockColumn {
  type: string;
  value: unknown;
}

/** A community forum post; anyone reads it, only its author deletes it. */
export const forumPosts = pgTable(
  'forum_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The nickname given when posting, shown when the author's account has none. */
    userNickname: text('user_nickname').notNull().default(''),
    title: text('title').notNull(),
    contentBlocks: jsonb('content_blocks')
      .$type<ForumBlockColumn[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    displayImage: text('display_image'),
    /** Storage folders of the author's uploads the post attaches: anyone may read these files. */
    assetFolders: jsonb('asset_folders')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('forum_posts_created_idx').on(t.createdAt), index('forum_posts_user_idx').on(t.userId)],
);

/** A comment on a forum post; comments are addressed by their position in created order. */
export const forumComments = pgTable(
  'forum_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userNickname: text('user_nickname').notNull().default(''),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('forum_comments_post_idx').on(t.postId, t.createdAt)],
);

/**
 * A user's paid subscription at the payment provider (Stripe), as its webhook events last described
 * it; `users.tier` follows it. `last_event_at` keeps an older event delivered late from undoing a newer.
 */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  subscriptionId: text('subscription_id').unique(),
  tier: text('tier', { enum: ['free', 'pro', 'studio'] })
    .notNull()
    .default('free'),
  status: text('status').notNull(),
  paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Webhook events already handled, by the provider's event id: a second delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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
