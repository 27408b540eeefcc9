import { z } from 'zod';
import { CuratedMedia } from './curated';
import { endpoint } from './endpoint';
import {
  CommunityFileQuery,
  CreateForumCommentBody,
  CreateForumPostBody,
  CreateForumPostResponse,
  ForumCardsQuery,
  ForumComment,
  ForumCommentParams,
  ForumOwnerBody,
  ForumPost,
  ForumPostCard,
  ForumPostParams,
} from './forum';
import { DeletedResponse } from './movies';

/** The forum and curated media: reading is public, writing needs the session (spec: the forum). */
export const communityEndpoints = {
  listForumCards: endpoint({
    method: 'GET',
    path: '/forum/posts/cards',
    summary: 'Forum post cards, newest first, a page at a time (public)',
    auth: false,
    query: ForumCardsQuery,
    response: z.array(ForumPostCard),
  }),
  getForumPost: endpoint({
    method: 'GET',
    path: '/forum/post/:postId',
    summary: 'One forum post with its blocks and comments (public)',
    auth: false,
    params: ForumPostParams,
    response: ForumPost,
  }),
  createForumPost: endpoint({
    method: 'POST',
    path: '/forum/post',
    summary: 'Publish a post; file blocks attach the author’s own uploads or http(s) links',
    auth: true,
    body: CreateForumPostBody,
    response: CreateForumPostResponse,
  }),
  createForumComment: endpoint({
    method: 'POST',
    path: '/forum/post/:postId/comment',
    summary: 'Comment on a post',
    auth: true,
    othersItems: "Anyone signed in comments on anyone's post.",
    params: ForumPostParams,
    body: CreateForumCommentBody,
    response: ForumComment,
  }),
  deleteForumPost: endpoint({
    method: 'DELETE',
    path: '/forum/post/:postId',
    summary: 'Delete a post and its comments (author only)',
    auth: true,
    params: ForumPostParams,
    body: ForumOwnerBody,
    response: DeletedResponse,
  }),
  deleteForumComment: endpoint({
    method: 'DELETE',
    path: '/forum/post/:postId/comment/:commentIndex',
    summary: 'Delete a comment by its position in the post’s list (its author only)',
    auth: true,
    params: ForumCommentParams,
    body: ForumOwnerBody,
    response: DeletedResponse,
  }),
  readCommunityFile: endpoint({
    method: 'GET',
    path: '/community/file',
    summary:
      'A file a forum post attaches or a curated take shows: redirects to a short-lived storage link (public)',
    auth: false,
    query: CommunityFileQuery,
    response: z.unknown(),
  }),
  listCuratedMedia: endpoint({
    method: 'GET',
    path: '/analytics/get_curated_videos',
    summary: 'Takes marked use-as-input (no audio) of movies that share takes with the community (public)',
    auth: false,
    response: z.array(CuratedMedia),
  }),
};
