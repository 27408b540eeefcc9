import { defaultHandle, FORUM_ERRORS, FORUM_NO_DESCRIPTION, FORUM_PAGE_SIZE } from '@cinegraph/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumPosts } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetClient } from '../assets/asset-test-client';
import { forumClient } from './forum-test-client';

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;
let forum: ReturnType<typeof forumClient>;
let assets: ReturnType<typeof assetClient>;

beforeAll(async () => {
  t = await createTestApp();
  forum = forumClient(t);
  assets = assetClient(t);
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
});
afterAll(async () => t.close());

const png = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

describe('reading the forum', () => {
  it('lets anyone read cards and posts without signing in, newest first, 20 to a page', async () => {
    await t.db.delete(forumPosts);
    const ids: string[] = [];
    for (let i = 0; i < FORUM_PAGE_SIZE + 3; i++) ids.push(await forum.created(ann, { title: `Post ${i}` }));

    const first = await forum.cards();
    expect(first).toHaveLength(FORUM_PAGE_SIZE);
    // Ann has no nickname: her handle, whatever nickname the post's body gave.
    expect(first[0]).toMatchObject({
      _id: ids.at(-1),
      title: 'Post 22',
      user_nickname: defaultHandle(ann.userId),
    });
    const second = await forum.cards(`?offset=${FORUM_PAGE_SIZE}`);
    expect(second.map((card) => card.title)).toEqual(['Post 2', 'Post 1', 'Post 0']);

    const post = await forum.post(ids[0]!);
    expect(post).toMatchObject({ _id: ids[0], title: 'Post 0', user_id: ann.userId, comments: [] });
  });

  it('answers 404 with a detail for a post that does not exist', async () => {
    const response = await forum.call(null, 'GET', '/forum/post/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: FORUM_ERRORS.notFound });
  });
});

describe('writing to the forum', () => {
  it('needs the session to post, comment or delete', async () => {
    const postId = await forum.created(ann, { title: 'Mine' });
    const anonymous = [
      await forum.call(null, 'POST', '/forum/post', { title: 'x', user_id: ann.userId }),
      await forum.call(null, 'POST', `/forum/post/${postId}/comment`, {
        user_id: ann.userId,
        post_id: postId,
        text: 'hi',
      }),
      await forum.deletePost(null, postId, ann.userId),
    ];
    expect(anonymous.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect((await forum.post(postId)).title).toBe('Mine');
  });

  it("refuses a body that names another user's id (impersonation) with 403", async () => {
    const postId = await forum.created(ann, { title: 'Ann writes' });
    const asAnn = await forum.call(bob, 'POST', '/forum/post', { title: 'Fake', user_id: ann.userId });
    expect(asAnn.statusCode).toBe(403);
    expect((await forum.comment(bob, postId, 'I am Ann', ann.userId)).statusCode).toBe(403);
    expect((await forum.deletePost(bob, postId, ann.userId)).statusCode).toBe(403);
    expect((await forum.cards()).some((card) => card.title === 'Fake')).toBe(false);
    expect((await forum.post(postId)).comments).toEqual([]);
  });

  it('starts a post with the text block, or "No description provided." when there is none', async () => {
    const bare = await forum.post(await forum.created(ann, { title: 'Bare', content_blocks: [] }));
    expect(bare.content_blocks).toEqual([{ type: 'text', value: FORUM_NO_DESCRIPTION }]);
    const blank = await forum.post(
      await forum.created(ann, { title: 'Blank', content_blocks: [{ type: 'text', value: '  ' }] }),
    );
    expect(blank.content_blocks).toEqual([{ type: 'text', value: FORUM_NO_DESCRIPTION }]);
    const html = '<img src=x onerror=alert(1)> **bold**';
    const kept = await forum.post(
      await forum.created(ann, { title: ' Kept ', content_blocks: [{ type: 'text', value: html }] }),
    );
    expect(kept.title).toBe('Kept');
    expect(kept.content_blocks).toEqual([{ type: 'text', value: html }]);
  });

  it('refuses bad blocks and a blank title with a detail, and stores nothing', async () => {
    const before = (await forum.cards('?limit=100')).length;
    const refusals: [object, RegExp][] = [
      [{ title: '  ' }, /Title is required/],
      [{ title: 'x', content_blocks: [{ type: 'script', value: 'alert(1)' }] }, /content_blocks/],
      [{ title: 'x', content_blocks: [{ type: 'image', value: 'javascript:alert(1)' }] }, /http\(s\)/],
      [{ title: 'x', content_blocks: [{ type: 'video', value: '' }] }, /needs a file/],
      [
        { title: 'x', content_blocks: [{ type: 'image', value: { url: 'https://a.b/c.png' } }] },
        /content_blocks/,
      ],
      [
        {
          title: 'x',
          content_blocks: [{ type: 'lora', value: { url: 'https://a.b/l', strength: 'strong' } }],
        },
        /content_blocks/,
      ],
      [
        { title: 'x', content_blocks: [{ type: 'workflow', value: '/api/v1/movies/templates' }] },
        /http\(s\)/,
      ],
    ];
    for (const [body, detail] of refusals) {
      const response = await forum.createPost(ann, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(detail);
    }
    expect((await forum.cards('?limit=100')).length).toBe(before);
  });

  it("refuses a file block with someone else's upload", async () => {
    const bobs = await assets.upload(bob, 'image', 'bob.png', await png());
    const stolen = { title: 'Stolen', content_blocks: [{ type: 'image' as const, value: bobs.url }] };
    // Unpublished, Ann may not even name it; published in Bob's post, she still may not attach it.
    const unpublished = await forum.createPost(ann, stolen);
    expect(unpublished.statusCode).toBe(403);
    expect(unpublished.json()).toEqual({ detail: 'An input uses a file you do not have access to.' });
    await forum.created(bob, stolen);
    const response = await forum.createPost(ann, stolen);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: FORUM_ERRORS.notOwnFile });
  });
});

describe('files a post attaches', () => {
  it("publishes the author's uploads to anonymous readers while the post exists, and only those", async () => {
    const image = await assets.upload(ann, 'image', 'frame.png', await png());
    const workflow = await assets.upload(ann, 'workflow', 'flow.json', Buffer.from('{"nodes":[]}'));
    const unattached = await assets.upload(ann, 'image', 'private.png', await png());
    const postId = await forum.created(ann, {
      title: 'With files',
      content_blocks: [
        { type: 'text', value: 'Look' },
        { type: 'image', value: image.url },
        { type: 'workflow', value: workflow.url },
        {
          type: 'lora',
          value: { url: 'https://huggingface.co/x/y.safetensors', keyword: 'noir', strength: 0.7 },
        },
      ],
    });
    const post = await forum.post(postId);
    const [, imageBlock, workflowBlock, loraBlock] = post.content_blocks;
    expect(imageBlock!.value).toMatch(/^\/api\/v1\/community\/file\?key=users%2F/);
    expect(loraBlock).toEqual({
      type: 'lora',
      value: { url: 'https://huggingface.co/x/y.safetensors', keyword: 'noir', strength: 0.7 },
    });
    const card = (await forum.cards()).find((c) => c._id === postId)!;
    expect(card.display_image).toMatch(/display\.webp$/);

    const read = (address: string) => t.app.inject({ method: 'GET', url: address });
    for (const address of [imageBlock!.value, workflowBlock!.value, card.display_image]) {
      const response = await read(address as string);
      expect(response.statusCode, String(address)).toBe(302);
      const stored = await t.app.inject({
        method: 'GET',
        url: new URL(response.headers.location!).pathname + new URL(response.headers.location!).search,
      });
      expect(stored.statusCode).toBe(200);
    }
    const key = new URL(unattached.url).searchParams.get('key')!;
    expect((await read(`/api/v1/community/file?key=${encodeURIComponent(key)}`)).statusCode).toBe(403);

    expect((await forum.deletePost(ann, postId)).statusCode).toBe(200);
    expect((await read(imageBlock!.value as string)).statusCode).toBe(403);
  });
});

describe('deleting', () => {
  it('lets only the author delete a post; others get 403 and the post stays', async () => {
    const postId = await forum.created(ann, { title: 'Keep me' });
    await forum.commented(bob, postId, 'Nice');
    const byBob = await forum.deletePost(bob, postId);
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json()).toEqual({ detail: FORUM_ERRORS.notPostOwner });
    expect((await forum.post(postId)).title).toBe('Keep me');

    expect((await forum.deletePost(ann, postId)).statusCode).toBe(200);
    expect((await forum.call(null, 'GET', `/forum/post/${postId}`)).statusCode).toBe(404);
    expect((await forum.deletePost(ann, postId)).statusCode).toBe(404);
  });

  it('comments in order; deletes one by its position, only for its author', async () => {
    const postId = await forum.created(ann, { title: 'Talk' });
    await forum.commented(ann, postId, 'first');
    const bobs = await forum.commented(bob, postId, '  second  ');
    expect(bobs).toMatchObject({ user_id: bob.userId, text: 'second', post_id: postId });
    await forum.commented(ann, postId, 'third');

    const byBob = await forum.deleteComment(bob, postId, 0);
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json()).toEqual({ detail: FORUM_ERRORS.notCommentOwner });
    expect((await forum.deleteComment(bob, postId, 1)).statusCode).toBe(200);
    expect((await forum.post(postId)).comments.map((c) => c.text)).toEqual(['first', 'third']);
    expect((await forum.deleteComment(ann, postId, 5)).statusCode).toBe(404);
  });

  it('refuses an empty comment and a post_id that differs from the address', async () => {
    const postId = await forum.created(ann, { title: 'Quiet' });
    expect((await forum.comment(bob, postId, '   ')).statusCode).toBe(400);
    const other = await forum.created(ann, { title: 'Other' });
    const crossed = await forum.call(bob, 'POST', `/forum/post/${postId}/comment`, {
      user_id: bob.userId,
      post_id: other,
      text: 'hi',
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({ detail: FORUM_ERRORS.postIdMismatch });
    expect((await forum.post(postId)).comments).toEqual([]);
  });
});
