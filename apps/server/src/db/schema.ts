import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MovieInput } from '@cinegraph/contracts';

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
