import { ACCOUNT_MESSAGES, defaultHandle, type ForumPost, type ForumPostCard } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 24, finding 6 (and issue 28, point 13): a user without a nickname posted as "Alice Director",
 * and nicknames were not unique. The author shown is the server's record of the poster: the account's
 * nickname, unique whatever its case, or a stable handle made from the user id.
 */

let t: TestApp;
let alice: SignedInUser;
let mallory: SignedInUser;
let quiet: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signIn(t, 'alice@example.com');
  mallory = await signIn(t, 'mallory@example.com');
  quiet = await signIn(t, 'quiet@example.com');
});
afterAll(() => t.close());

const as = (user: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie: user.cookie }, payload });
const setNickname = (user: SignedInUser, nickname: string) =>
  as(user, 'POST', `/${user.userId}/nickname/${encodeURIComponent(nickname)}`);
const post = async (user: SignedInUser, nickname: string) => {
  const body = { title: `${nickname}'s frame`, user_id: user.userId, user_nickname: nickname };
  const created = await as(user, 'POST', '/forum/post', body);
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ post_id: string }>().post_id;
};

describe('forum authors', () => {
  it('shows the account, not the nickname a post or comment claims', async () => {
    expect((await setNickname(alice, 'Alice Director')).statusCode).toBe(200);
    const postId = await post(mallory, 'Alice Director');
    await as(mallory, 'POST', `/forum/post/${postId}/comment`, {
      user_id: mallory.userId,
      post_id: postId,
      text: 'Me again',
      user_nickname: 'Alice Director',
    });
    const shown = (await as(quiet, 'GET', `/forum/post/${postId}`)).json<ForumPost>();
    expect(shown.user_nickname).toBe(defaultHandle(mallory.userId));
    expect(shown.comments[0]!.user_nickname).toBe(defaultHandle(mallory.userId));
    const cards = (await as(quiet, 'GET', '/forum/posts/cards')).json<ForumPostCard[]>();
    expect(cards.find((c) => c._id === postId)!.user_nickname).toBe(defaultHandle(mallory.userId));
  });

  it('keeps nicknames unique whatever their case, and handles out of reach', async () => {
    const taken = await setNickname(mallory, '  alice DIRECTOR ');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: ACCOUNT_MESSAGES.nicknameTaken });
    const handle = await setNickname(mallory, defaultHandle(quiet.userId));
    expect(handle.statusCode).toBe(400);
    expect(handle.json()).toEqual({ detail: ACCOUNT_MESSAGES.nicknameReserved });
    // Alice may change the case of her own.
    expect((await setNickname(alice, 'ALICE Director')).statusCode).toBe(200);
  });

  it('tells two authors without a nickname apart, the same way every time', async () => {
    await post(quiet, '');
    const cards = (await as(alice, 'GET', '/forum/posts/cards')).json<ForumPostCard[]>();
    const names = new Set(cards.map((c) => c.user_nickname));
    expect(names).toEqual(new Set([defaultHandle(mallory.userId), defaultHandle(quiet.userId)]));
    expect(defaultHandle(quiet.userId)).toMatch(/^user-[0-9a-f]{8}$/);
  });
});
