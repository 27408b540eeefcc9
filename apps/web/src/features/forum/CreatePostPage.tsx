import { endpoints, FORUM_MESSAGES, FORUM_TITLE_MAX } from '@cinegraph/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, apiCall } from '../../lib/api';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons';
import { DraftBlockEditor } from './DraftBlockEditor';
import { PageShell } from '../../ui/PageShell';
import {
  buildPostBody,
  canCreatePost,
  DRAFT_BLOCK_LABELS,
  type DraftBlock,
  type DraftBlockType,
} from './logic/forumBlocks';

const FIELD =
  'mt-1.5 w-full rounded-lg border border-white/10 bg-neutral-900 px-3 text-neutral-100 placeholder:text-neutral-500 focus:border-amber-400 focus:outline-none';

/** /forum/create-post: a title, the text (the first block) and added image, video, LoRA or workflow blocks. */
export function CreatePostPage() {
  const { userId, nickname } = useStoredUser();
  const navigate = useNavigate();
  const idPrefix = useId();
  const nextBlock = useRef(0);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [text, setText] = useState('');
  const [blocks, setBlocks] = useState<DraftBlock[]>([]);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function addBlock(type: DraftBlockType) {
    const id = `${idPrefix}-${(nextBlock.current += 1)}`;
    setBlocks((current) => [...current, { id, type, url: '', keyword: '', strength: '' }]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTitleTouched(true);
    if (!userId || !canCreatePost(title, blocks)) return;
    setCreating(true);
    setError(null);
    try {
      const body = buildPostBody({ title, text, blocks, userId, nickname });
      const { post_id } = await apiCall(endpoints.createForumPost, { body });
      navigate(`/forum/post/${post_id}`);
    } catch (failure) {
      const detail =
        failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.message : null;
      setError(detail ?? FORUM_MESSAGES.createFailed);
      setCreating(false);
    }
  }

  if (!userId) {
    return (
      <PageShell narrow>
        <h1 className="text-3xl font-semibold text-white">Create Post</h1>
        <p className="mt-4 text-neutral-400">Sign in to create a post.</p>
        <Link to="/forum" className="mt-6 inline-block text-amber-300 underline">
          Back to the forum
        </Link>
      </PageShell>
    );
  }

  const titleMissing = titleTouched && !title.trim();
  return (
    <PageShell narrow>
      <h1 className="text-3xl font-semibold tracking-tight text-white">Create Post</h1>
      <form onSubmit={(event) => void submit(event)} className="mt-8 space-y-6" noValidate>
        <label className="block text-sm font-medium text-neutral-200">
          Title
          <input
            className={`${FIELD} h-11`}
            value={title}
            maxLength={FORUM_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => setTitleTouched(true)}
            aria-invalid={titleMissing}
            required
          />
          {titleMissing && (
            <span role="alert" className="mt-1 block text-sm text-red-300">
              {FORUM_MESSAGES.titleRequired}
            </span>
          )}
        </label>
        <label className="block text-sm font-medium text-neutral-200">
          Text Content
          <textarea
            className={`${FIELD} min-h-40 py-2`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Describe your post (Markdown works)"
          />
        </label>

        {blocks.map((block) => (
          <DraftBlockEditor
            key={block.id}
            block={block}
            onChange={(change) =>
              setBlocks((current) => current.map((b) => (b.id === block.id ? { ...b, ...change } : b)))
            }
            onRemove={() => setBlocks((current) => current.filter((b) => b.id !== block.id))}
          />
        ))}

        <div className="flex flex-wrap gap-2">
          {(Object.keys(DRAFT_BLOCK_LABELS) as DraftBlockType[]).map((type) => (
            <Button key={type} size="sm" onClick={() => addBlock(type)}>
              <PlusIcon />
              {DRAFT_BLOCK_LABELS[type]}
            </Button>
          ))}
        </div>

        {error && (
          <p role="alert" className="rounded-lg bg-red-500/10 p-3 text-sm text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3 border-t border-white/10 pt-6">
          <Button onClick={() => navigate('/forum')}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={creating || !canCreatePost(title, blocks)}>
            {creating ? FORUM_MESSAGES.creating : 'Create Post'}
          </Button>
        </div>
      </form>
    </PageShell>
  );
}
