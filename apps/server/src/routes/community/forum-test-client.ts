import type { ForumComment, ForumPost, ForumPostCard } from '@cinegraph/contracts';
import { expect } from 'vitest';
import type { SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'DELETE';

/** The forum calls through the real app, with a user's cookie or none (an anonymous reader). */
export function forumClient(t: TestApp) {
  const call = (user: SignedInUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: user ? { cookie: user.cookie } : {} });

  async function ok<T>(user: SignedInUser | null, method: Method, url: string, payload?: object): Promise<T> {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  return {
    call,
    ok,
    cards: (query = '') => ok<ForumPostCard[]>(null, 'GET', `/forum/posts/cards${query}`),
    post: (postId: string) => ok<ForumPost>(null, 'GET', `/forum/post/${postId}`),
    createPost: (user: SignedInUser, body: object) =>
      call(user, 'POST', '/forum/post', { user_id: user.userId, user_nickname: 'Ann', ...body }),
    async created(user: SignedInUser, body: object): Promise<string> {
      const response = await this.createPost(user, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ post_id: string }>().post_id;
    },
    comment: (user: SignedInUser, postId: string, text: string, as = user.userId) =>
      call(user, 'POST', `/forum/post/${postId}/comment`, {
        user_id: as,
        post_id: postId,
        text,
        user_nickname: 'Someone',
      }),
    commented: async (user: SignedInUser, postId: string, text: string) =>
      ok<ForumComment>(user, 'POST', `/forum/post/${postId}/comment`, {
        user_id: user.userId,
        post_id: postId,
        text,
      }),
    deletePost: (user: SignedInUser | null, postId: string, as = user?.userId) =>
      call(user, 'DELETE', `/forum/post/${postId}`, { user_id: as }),
    deleteComment: (user: SignedInUser, postId: string, index: number, as = user.userId) =>
      call(user, 'DELETE', `/forum/post/${postId}/comment/${index}`, { user_id: as }),
  };
}
