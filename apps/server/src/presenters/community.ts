import {
  defaultHandle,
  type CuratedMedia,
  type ForumComment,
  type ForumPost,
  type ForumPostCard,
} from '@cinegraph/contracts';
import { communityFileUrl, studioFileKey } from '../services/community/community-files';
import type { CuratedTake } from '../services/curated/curated-media';
import type { Authored, ForumCommentRow, ForumPostRow, ForumPostWithComments } from '../services/forum/posts';

/** The author's nickname, or the stable handle made from their id when they have none. */
function nicknameOf(author: Authored<unknown>['author']): string {
  return author.nickname.trim() || defaultHandle(author.id);
}

export function presentForumCard({ row, author }: Authored<ForumPostRow>): ForumPostCard {
  return {
    _id: row.id,
    title: row.title,
    display_image: row.displayImage,
    user_nickname: nicknameOf(author),
    user_profile_image: author.profileImage,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentForumComment({ row, author }: Authored<ForumCommentRow>): ForumComment {
  return {
    user_id: row.userId,
    user_nickname: nicknameOf(author),
    text: row.text,
    created_at: row.createdAt.toISOString(),
    post_id: row.postId,
  };
}

export function presentForumPost(post: ForumPostWithComments): ForumPost {
  const { row } = post;
  return {
    _id: row.id,
    title: row.title,
    user_id: row.userId,
    user_nickname: nicknameOf(post.author),
    user_profile_image: post.author.profileImage,
    created_at: row.createdAt.toISOString(),
    content_blocks: row.contentBlocks,
    comments: post.comments.map(presentForumComment),
  };
}

/** Curated takes are read through the community address, so readers need no membership of the movie. */
export function presentCuratedTake(take: CuratedTake, publicUrl: string): CuratedMedia {
  const publicAddress = (address: string | null) => {
    const key = address ? studioFileKey(publicUrl, address) : null;
    return key ? communityFileUrl(key) : address;
  };
  return {
    _id: take.id,
    output: {
      type: take.output.type === 'video' ? 'video' : 'image',
      url: publicAddress(take.output.url) ?? take.output.url,
      display_image: publicAddress(take.output.display_image),
    },
    user_name: take.userName,
    movie_id: take.movieId,
  };
}
