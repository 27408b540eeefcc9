import { FORUM_ERRORS } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { forumComments, forumPosts } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { COMMENT_ORDER, type ForumCommentRow } from './posts';

export async function addForumComment(
  db: Database,
  userId: string,
  postId: string,
  comment: { text: string },
): Promise<ForumCommentRow> {
  const [post] = await db.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.id, postId));
  if (!post) throw notFound(FORUM_ERRORS.notFound);
  const [row] = await db.insert(forumComments).values({ postId, userId, text: comment.text }).returning();
  return row!;
}

/**
 * Deletes the comment at `index` of the post's list (spec: by position), only for its author. The
 * post's row is locked meanwhile, so two deletes at once cannot both act on a shifting list.
 */
export async function deleteForumCommentAt(
  db: Database,
  userId: string,
  postId: string,
  index: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: forumPosts.id })
      .from(forumPosts)
      .where(eq(forumPosts.id, postId))
      .for('update');
    if (!post) throw notFound(FORUM_ERRORS.notFound);
    const [comment] = await tx
      .select({ id: forumComments.id, userId: forumComments.userId })
      .from(forumComments)
      .where(eq(forumComments.postId, postId))
      .orderBy(...COMMENT_ORDER)
      .offset(index)
      .limit(1);
    if (!comment) throw notFound(FORUM_ERRORS.commentNotFound);
    if (comment.userId !== userId) throw forbidden(FORUM_ERRORS.notCommentOwner);
    await tx.delete(forumComments).where(eq(forumComments.id, comment.id));
  });
}
