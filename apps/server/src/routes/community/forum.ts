import { endpoints as ep, FORUM_ERRORS } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { presentForumCard, presentForumComment, presentForumPost } from '../../presenters/community';
import { addForumComment, deleteForumCommentAt } from '../../services/forum/comments';
import { createForumPost, deleteForumPost, getForumPost, listForumPosts } from '../../services/forum/posts';
import { getUser } from '../../services/users';

/** The forum: anyone reads; writing needs the session, and the body's user_id is checked by route(). */
export function forumRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  route(app, ep.listForumCards, async ({ query }) => (await listForumPosts(db, query)).map(presentForumCard));

  route(app, ep.getForumPost, async ({ params }) => presentForumPost(await getForumPost(db, params.postId)));

  route(app, ep.createForumPost, async ({ body, userId }) => {
    const post = await createForumPost(db, config.publicUrl, userId, body);
    return { post_id: post.id };
  });

  route(app, ep.createForumComment, async ({ params, body, userId }) => {
    if (body.post_id !== params.postId) throw badRequest(FORUM_ERRORS.postIdMismatch);
    const row = await addForumComment(db, userId, params.postId, body);
    const user = await getUser(db, userId);
    const author = { id: userId, nickname: user.nickname, profileImage: user.profileImage };
    return presentForumComment({ row, author });
  });

  route(app, ep.deleteForumPost, async ({ params, userId }) => {
    await deleteForumPost(db, userId, params.postId);
    return { message: 'Post deleted' };
  });

  route(app, ep.deleteForumComment, async ({ params, userId }) => {
    await deleteForumCommentAt(db, userId, params.postId, params.commentIndex);
    return { message: 'Comment deleted' };
  });
}
