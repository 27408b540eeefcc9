import { z } from 'zod';
import { Id, IsoDate } from './common';

/** Spec: the forum grid shows cards in pages; the next page is asked for past the first 20. */
export const FORUM_PAGE_SIZE = 20;
export const FORUM_TITLE_MAX = 200;
export const FORUM_TEXT_MAX = 20_000;
export const FORUM_COMMENT_MAX = 5_000;
export const FORUM_BLOCKS_MAX = 30;
/** Spec: an empty description becomes this first text block. */
export const FORUM_NO_DESCRIPTION = 'No description provided.';
/** Spec: the nickname of a user who has none. */
export const ANONYMOUS_NICKNAME = 'Anonymous';

/** The forum's texts, word for word from the spec. */
export const FORUM_MESSAGES = {
  loading: 'Loading posts...',
  empty: 'No posts yet',
  emptyHint: 'Be the first to create a post!',
  loadFailed: 'Failed to load posts',
  detailFailed: 'Failed to load post details',
  notFoundTitle: 'Post Not Found',
  notFound: "The post you're looking for doesn't exist or has been removed.",
  returnToForum: 'Return to Forum',
  noComments: 'No comments yet. Be the first to comment!',
  noBlocks: 'No content blocks',
  commentFailed: 'Failed to submit comment',
  deletePostFailed: 'Failed to delete post. Please try again.',
  deleteCommentFailed: 'Failed to delete comment. Please try again.',
  createFailed: 'Failed to create post. Please try again.',
  titleRequired: 'Title is required',
  creating: 'Creating...',
} as const;

/** The server's refusals, shown as the detail. */
export const FORUM_ERRORS = {
  notFound: 'Post not found',
  commentNotFound: 'Comment not found',
  notPostOwner: 'Only the author can delete this post.',
  notCommentOwner: 'Only the author can delete this comment.',
  postIdMismatch: 'post_id does not match the post in the address.',
  notOwnFile: 'A block can only attach files you uploaded.',
  badUrl: 'A block must link to an http(s) address or a file you uploaded.',
  studioLink: "A block cannot link to this studio's API; attach a file you uploaded instead.",
} as const;

/** The path of the studio's API, and of the one file address a post's blocks may use on it. */
const STUDIO_API_PATH = '/api/';
const COMMUNITY_FILE_PATH = '/api/v1/community/file';

/**
 * Whether a post's link would make a reader's browser call this studio's API other than for a
 * published file: an image's address is fetched with the reader's cookie, so it must never be a sign-in
 * link or an action. `studio` is the studio's address (the reader's page, or PUBLIC_URL); cookies go
 * to a host whatever its scheme or port, so the host decides.
 */
export function isStudioApiLink(link: string, studio: string): boolean {
  try {
    const own = new URL(studio);
    const url = new URL(link, own);
    return (
      url.hostname === own.hostname &&
      url.pathname.startsWith(STUDIO_API_PATH) &&
      url.pathname !== COMMUNITY_FILE_PATH
    );
  } catch {
    return false;
  }
}

/** Block kinds the creator adds; a post always starts with a text block. */
export const FORUM_BLOCK_TYPES = ['text', 'image', 'video', 'lora', 'workflow'] as const;
export type ForumBlockType = (typeof FORUM_BLOCK_TYPES)[number];

const LinkValue = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, 'A file block needs a file')
  .max(4096)
  .refine((value) => /^(https?:\/\/|\/api\/v1\/)/i.test(value), FORUM_ERRORS.badUrl);

/** Spec: a LoRA block holds an object with url, keyword and strength, or a plain URL string. */
export const LoraBlockValue = /* @__PURE__ */ z.union([
  LinkValue,
  /* @__PURE__ */ z.strictObject({
    url: LinkValue,
    keyword: /* @__PURE__ */ z.string().trim().max(200).optional(),
    strength: /* @__PURE__ */ z.number().min(-10).max(10).optional(),
  }),
]);
export type LoraBlockValue = z.infer<typeof LoraBlockValue>;

/** A block as the creator sends it: only the kinds the creator offers, with values of their shape. */
export const ForumBlockInput = /* @__PURE__ */ z.discriminatedUnion('type', [
  /* @__PURE__ */ z.strictObject({
    type: /* @__PURE__ */ z.literal('text'),
    value: /* @__PURE__ */ z.string().max(FORUM_TEXT_MAX),
  }),
  /* @__PURE__ */ z.strictObject({ type: /* @__PURE__ */ z.literal('image'), value: LinkValue }),
  /* @__PURE__ */ z.strictObject({ type: /* @__PURE__ */ z.literal('video'), value: LinkValue }),
  /* @__PURE__ */ z.strictObject({ type: /* @__PURE__ */ z.literal('workflow'), value: LinkValue }),
  /* @__PURE__ */ z.strictObject({ type: /* @__PURE__ */ z.literal('lora'), value: LoraBlockValue }),
]);
export type ForumBlockInput = z.infer<typeof ForumBlockInput>;

/** A block as read: readers show unknown kinds as plain text or JSON (spec). */
export const ForumBlock = /* @__PURE__ */ z.object({
  type: /* @__PURE__ */ z.string(),
  value: /* @__PURE__ */ z.unknown(),
});
export type ForumBlock = z.infer<typeof ForumBlock>;

export const ForumPostCard = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
  display_image: /* @__PURE__ */ z.string().nullable(),
  user_nickname: /* @__PURE__ */ z.string(),
  user_profile_image: /* @__PURE__ */ z.string().nullable(),
  created_at: IsoDate,
});
export type ForumPostCard = z.infer<typeof ForumPostCard>;

export const ForumComment = /* @__PURE__ */ z.object({
  user_id: /* @__PURE__ */ z.string(),
  user_nickname: /* @__PURE__ */ z.string(),
  text: /* @__PURE__ */ z.string(),
  created_at: IsoDate,
  post_id: /* @__PURE__ */ z.string(),
});
export type ForumComment = z.infer<typeof ForumComment>;

export const ForumPost = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
  user_id: /* @__PURE__ */ z.string(),
  user_nickname: /* @__PURE__ */ z.string(),
  user_profile_image: /* @__PURE__ */ z.string().nullable(),
  created_at: IsoDate,
  content_blocks: /* @__PURE__ */ z.array(ForumBlock),
  comments: /* @__PURE__ */ z.array(ForumComment),
});
export type ForumPost = z.infer<typeof ForumPost>;

const Nickname = /* @__PURE__ */ z.string().trim().max(32).optional();

export const CreateForumPostBody = /* @__PURE__ */ z.object({
  title: /* @__PURE__ */ z.string().trim().min(1, FORUM_MESSAGES.titleRequired).max(FORUM_TITLE_MAX),
  user_id: Id,
  user_nickname: Nickname,
  content_blocks: /* @__PURE__ */ z.array(ForumBlockInput).max(FORUM_BLOCKS_MAX).default([]),
});
export type CreateForumPostBody = z.input<typeof CreateForumPostBody>;
export const CreateForumPostResponse = /* @__PURE__ */ z.object({ post_id: /* @__PURE__ */ z.string() });

export const CreateForumCommentBody = /* @__PURE__ */ z.object({
  user_id: Id,
  post_id: Id,
  text: /* @__PURE__ */ z.string().trim().min(1, 'Comment text is required').max(FORUM_COMMENT_MAX),
  user_nickname: Nickname,
});
export type CreateForumCommentBody = z.input<typeof CreateForumCommentBody>;

export const ForumOwnerBody = /* @__PURE__ */ z.object({ user_id: Id });
export const ForumPostParams = /* @__PURE__ */ z.object({ postId: Id });
export const ForumCommentParams = /* @__PURE__ */ z.object({
  postId: Id,
  commentIndex: /* @__PURE__ */ z.coerce.number().int().min(0).max(100_000),
});
export const ForumCardsQuery = /* @__PURE__ */ z.object({
  limit: /* @__PURE__ */ z.coerce.number().int().min(1).max(100).default(FORUM_PAGE_SIZE),
  offset: /* @__PURE__ */ z.coerce.number().int().min(0).default(0),
});

export const CommunityFileQuery = /* @__PURE__ */ z.object({
  key: /* @__PURE__ */ z.string().min(1).max(1024),
});
