import { FORUM_ERRORS, type ForumBlockInput } from '@cinegraph/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { forumComments, forumPosts, users } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { prepareBlocks } from './post-blocks';

export type ForumPostRow = typeof forumPosts.$inferSelect;
export type ForumCommentRow = typeof forumComments.$inferSelect;

/**
 * A row with its author as the server knows them: the account's id, nickname and picture (a nickname
 * the poster sent is never shown, so nobody posts as someone else).
 */
export interface Authored<T> {
  row: T;
  author: { id: string; nickname: string; profileImage: string | null };
}

export interface ForumPostWithComments extends Authored<ForumPostRow> {
  comments: Authored<ForumCommentRow>[];
}

const author = { id: users.id, nickname: users.nickname, profileImage: users.profileImage };

/** One page of posts, newest first. */
export async function listForumPosts(
  db: Database,
  page: { limit: number; offset: number },
): Promise<Authored<ForumPostRow>[]> {
  return db
    .select({ row: forumPosts, author })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function getForumPost(db: Database, postId: string): Promise<ForumPostWithComments> {
  const [post] = await db
    .select({ row: forumPosts, author })
    .from(forumPosts)
    .innerJoin(users, eq(users.id, forumPosts.userId))
    .where(eq(forumPosts.id, postId));
  if (!post) throw notFound(FORUM_ERRORS.notFound);
  const comments = await db
    .select({ row: forumComments, author })
    .from(forumComments)
    .innerJoin(users, eq(users.id, forumComments.userId))
    .where(eq(forumComments.postId, postId))
    .orderBy(...COMMENT_ORDER);
  return { ...post, comments };
}

/** Comments are addressed by position, so every reader and the delete use this one order. */
export const COMMENT_ORDER = [asc(forumComments.createdAt), asc(forumComments.id)] as const;

export async function createForumPost(
  db: Database,
  publicUrl: string,
  userId: string,
  body: { title: string; content_blocks: ForumBlockInput[] },
): Promise<ForumPostRow> {
  const prepared = await prepareBlocks(db, publicUrl, userId, body.content_blocks);
  const [post] = await db
    .insert(forumPosts)
    .values({
      userId,
      title: body.title,
      contentBlocks: prepared.blocks,
      assetFolders: prepared.assetFolders,
      displayImage: prepared.displayImage,
    })
    .returning();
  return post!;
}

/** Deletes a post and its comments; only its author may (the attached uploads stay in their library). */
export async function deleteForumPost(db: Database, userId: string, postId: string): Promise<void> {
  const [post] = await db.select().from(forumPosts).where(eq(forumPosts.id, postId));
  if (!post) throw notFound(FORUM_ERRORS.notFound);
  if (post.userId !== userId) throw forbidden(FORUM_ERRORS.notPostOwner);
  await db.delete(forumPosts).where(eq(forumPosts.id, postId));
}
