import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Handle, ItemInput, MovieInput } from '@cinegraph/contracts';

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
  inputs: jsonb('inputs')
    .$type<MovieInput[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
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
