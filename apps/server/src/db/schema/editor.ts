import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { Handle } from '@cinegraph/contracts';
import { createdAt, updatedAt } from './columns';
import { movies } from './movies';

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
    /**
     * Node classes of the UI workflow that no worker asked at upload knew: the node keeps its UI file
     * without an API file until a worker that knows them converts it (services/workflows/waiting-nodes).
     */
    waitingForClasses: text('waiting_for_classes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
