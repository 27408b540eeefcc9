import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_STILL_DURATION_SECONDS, type MovieInput } from '@cinegraph/contracts';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

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
