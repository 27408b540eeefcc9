import { endpoints, FORUM_MESSAGES, type ForumPost } from '@cinegraph/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, apiCall } from '../../lib/api';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast';
import { AuthorBadge } from './AuthorBadge';
import { CommentsSection } from './CommentsSection';
import { ContentBlockView } from './ContentBlockView';
import { PageShell } from '../../ui/PageShell';
import { useForumPost } from './forumApi';

/** /forum/post/{postId}: a post with its blocks and comments; its author may delete it. */
export function PostPage() {
  const { postId = '' } = useParams();
  const { data: post, error, isLoading, mutate } = useForumPost(postId);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <PageShell narrow>
      <Link to="/forum" className="text-sm text-neutral-400 hover:text-white">
        ← Forum
      </Link>
      {post ? (
        <PostDetail post={post} refresh={() => void mutate()} />
      ) : missing ? (
        <PostNotFound />
      ) : error ? (
        <p role="alert" className="py-24 text-center text-red-300">
          {FORUM_MESSAGES.detailFailed}
        </p>
      ) : isLoading ? (
        <div className="flex justify-center py-24">
          <Spinner size="lg" label="Loading post" />
        </div>
      ) : null}
    </PageShell>
  );
}

function PostNotFound() {
  return (
    <div className="py-24 text-center">
      <h1 className="text-2xl font-semibold text-white">{FORUM_MESSAGES.notFoundTitle}</h1>
      <p className="mt-3 text-neutral-400">{FORUM_MESSAGES.notFound}</p>
      <Link
        to="/forum"
        className="mt-8 inline-flex h-10 items-center rounded-lg bg-amber-400 px-4 text-sm font-medium text-neutral-950 hover:bg-amber-300"
      >
        {FORUM_MESSAGES.returnToForum}
      </Link>
    </div>
  );
}

function PostDetail({ post, refresh }: { post: ForumPost; refresh(): void }) {
  const { userId } = useStoredUser();
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function deletePost() {
    if (!userId) return;
    setDeleting(true);
    try {
      await apiCall(endpoints.deleteForumPost, { params: { postId: post._id }, body: { user_id: userId } });
      navigate('/forum');
    } catch {
      toast.error(FORUM_MESSAGES.deletePostFailed);
      setDeleting(false);
      setConfirming(false);
      refresh();
    }
  }

  return (
    <article className="mt-6">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-white/10 pb-6">
        <div className="min-w-0 space-y-4">
          <h1 className="text-3xl font-semibold tracking-tight break-words text-white">{post.title}</h1>
          <AuthorBadge
            nickname={post.user_nickname}
            profileImage={post.user_profile_image}
            createdAt={post.created_at}
          />
        </div>
        {userId === post.user_id && (
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            Delete Post
          </Button>
        )}
      </header>

      <section className="mt-8 space-y-6">
        {post.content_blocks.length === 0 ? (
          <p className="text-neutral-500">{FORUM_MESSAGES.noBlocks}</p>
        ) : (
          post.content_blocks.map((block, index) => <ContentBlockView key={index} block={block} />)
        )}
      </section>

      <CommentsSection post={post} refresh={refresh} />

      <ConfirmDialog
        open={confirming}
        title="Delete Post"
        message="Are you sure you want to delete this post? Its comments are deleted with it."
        variant="delete"
        busy={deleting}
        onConfirm={() => void deletePost()}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
