import type { SharedWorkflow, WorkflowVoteAction } from '@cinegraph/contracts';
import { Button } from '../../ui/Button';

interface SharedWorkflowCardProps {
  workflow: SharedWorkflow;
  /** Null when signed out: voting needs a user. */
  userId: string | null;
  loading: boolean;
  onVote(action: WorkflowVoteAction): void;
  onDelete(): void;
  onLoad(): void;
}

const VOTE = 'rounded-md px-2 py-1 text-xs ring-1 ring-inset ring-white/10 disabled:opacity-50';

/** One shared workflow: title, description, votes, the owner's delete and Load. */
export function SharedWorkflowCard({
  workflow,
  userId,
  loading,
  onVote,
  onDelete,
  onLoad,
}: SharedWorkflowCardProps) {
  const status = workflow.user_like_status;
  return (
    <li data-testid="shared-workflow" className="rounded-lg border border-white/10 p-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold text-neutral-100">{workflow.title}</h3>
          {workflow.description && (
            <p className="mt-0.5 line-clamp-2 text-xs text-neutral-400">{workflow.description}</p>
          )}
        </div>
        <Button size="sm" variant="primary" busy={loading} onClick={onLoad}>
          Load
        </Button>
      </div>
      <div className="mt-2 flex items-center gap-1.5">
        <button
          type="button"
          aria-label="Like"
          aria-pressed={status === 'like'}
          disabled={!userId}
          onClick={() => onVote('like')}
          className={`${VOTE} ${status === 'like' ? 'bg-amber-400/20 text-amber-300' : 'text-neutral-300'}`}
        >
          ▲ <span data-testid="like-count">{workflow.like_count}</span>
        </button>
        <button
          type="button"
          aria-label="Dislike"
          aria-pressed={status === 'dislike'}
          disabled={!userId}
          onClick={() => onVote('dislike')}
          className={`${VOTE} ${status === 'dislike' ? 'bg-red-500/20 text-red-300' : 'text-neutral-300'}`}
        >
          ▼ <span data-testid="dislike-count">{workflow.dislike_count}</span>
        </button>
        {userId !== null && workflow.user_id === userId && (
          <button
            type="button"
            onClick={onDelete}
            className="ml-auto rounded-md px-2 py-1 text-xs text-red-400 hover:bg-red-500/10"
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
