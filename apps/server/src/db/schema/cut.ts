import { CUT_RENDER_STATUSES } from '@cinegraph/contracts';
import { index, integer, pgTable, real, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { movies } from './movies';
import { users } from './users';

/**
 * A user's render of a movie's cut to one MP4: one row per user and movie, replaced by the next render.
 * The row is the job: any server claims a `pending` one, or a `running` one whose lease ran out (its
 * server stopped), with one conditional UPDATE, and renews the lease while ffmpeg runs.
 */
export const cutRenders = pgTable(
  'cut_renders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CUT_RENDER_STATUSES }).notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    /** What to render: the export's frame rate name, `WIDTHxHEIGHT`, one scene or all, one workflow's takes or all. */
    frameRate: text('frame_rate').notNull(),
    resolution: text('resolution').notNull(),
    sceneId: uuid('scene_id'),
    workflowNodeId: uuid('workflow_node_id'),
    /** The finished MP4 in storage, and its length. */
    storageKey: text('storage_key'),
    seconds: real('seconds'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cut_renders_movie_user').on(t.movieId, t.userId),
    index('cut_renders_status_idx').on(t.status),
  ],
);
