import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

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
    /** Only in rows of old posts: the author shown is always the account's (see presentForumCard). */
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
