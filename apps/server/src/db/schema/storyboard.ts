import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ItemInput } from '@cinegraph/contracts';
import { createdAt, updatedAt } from './columns';
import { movies } from './movies';

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
    /** Seconds the shot lasts in the cut; null: from its take (a video's length, else a still's). */
    durationSeconds: real('duration_seconds'),
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
