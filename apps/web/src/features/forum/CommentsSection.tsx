import { ANONYMOUS_NICKNAME, endpoints, FORUM_MESSAGES, type ForumPost } from '@cinegraph/contracts';
import { useState, type FormEvent } from 'react';
import { apiCall } from '../../lib/api';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast';
import { AuthorBadge } from './AuthorBadge';
import { MarkdownText } from './MarkdownText';

/** The post's comments in order, the form to add one, and Delete on one's own. */
export function CommentsSection({ post, refresh }: { post: ForumPost; refresh(): void }) {
  const { userId, nickname } = useStoredUser();
  const toast = useToast();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [deletingIndex, setDeletingIndex] = useState<number | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || !userId) return;
    setSending(true);
    try {
      await apiCall(endpoints.createForumComment, {
        params: { postId: post._id },
        body: {
          user_id: userId,
          post_id: post._id,
          text: trimmed,
          user_nickname: (nickname || ANONYMOUS_NICKNAME).slice(0, 32),
        },
      });
      setText('');
      refresh();
    } catch {
      toast.error(FORUM_MESSAGES.commentFailed);
    } finally {
      setSending(false);
    }
  }

  async function remove(index: number) {
    if (!userId) return;
    setDeletingIndex(index);
    try {
      await apiCall(endpoints.deleteForumComment, {
        params: { postId: post._id, commentIndex: index },
        body: { user_id: userId },
      });
    } catch {
      toast.error(FORUM_MESSAGES.deleteCommentFailed);
    } finally {
      setDeletingIndex(null);
      refresh();
    }
  }

  return (
    <section className="mt-12 border-t border-white/10 pt-8" aria-labelledby="comments-title">
      <h2 id="comments-title" className="text-lg font-semibold text-white">
        Comments ({post.comments.length})
      </h2>
      {post.comments.length === 0 ? (
        <p className="mt-4 text-neutral-500">{FORUM_MESSAGES.noComments}</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {post.comments.map((comment, index) => (
            <li
              key={`${comment.created_at}-${index}`}
              data-testid="forum-comment"
              className="rounded-xl border border-white/10 bg-neutral-900/60 p-4"
            >
              <div className="flex items-start justify-between gap-3">
                <AuthorBadge
                  nickname={comment.user_nickname}
                  profileImage={null}
                  createdAt={comment.created_at}
                  size="sm"
                />
                {userId === comment.user_id && (
                  <Button
                    variant="ghost"
                    size="sm"
                    busy={deletingIndex === index}
                    disabled={deletingIndex !== null}
                    onClick={() => void remove(index)}
                  >
                    Delete
                  </Button>
                )}
              </div>
              <div className="mt-3">
                <MarkdownText text={comment.text} />
              </div>
            </li>
          ))}
        </ol>
      )}

      {userId ? (
        <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-3">
          <label htmlFor="comment-text" className="sr-only">
            Your comment
          </label>
          <textarea
            id="comment-text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            maxLength={5000}
            placeholder="Write a comment..."
            className="w-full rounded-xl border border-white/10 bg-neutral-900 p-3 text-sm text-neutral-100 placeholder:text-neutral-500 focus:border-amber-400 focus:outline-none"
          />
          <div className="flex justify-end">
            <Button type="submit" variant="primary" busy={sending} disabled={!text.trim()}>
              Comment
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-6 text-sm text-neutral-400">Sign in to comment.</p>
      )}
    </section>
  );
}
