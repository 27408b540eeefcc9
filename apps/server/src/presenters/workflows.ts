import type { SharedWorkflow } from '@cinegraph/contracts';
import type { SharedWorkflowListing } from '../services/workflows/list-shared';

/** A shared workflow with its voters, as seen by `viewerId` (whose vote is `user_like_status`). */
export function presentSharedWorkflow(listing: SharedWorkflowListing, viewerId: string): SharedWorkflow {
  const { row, likes, dislikes } = listing;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    user_id: row.userId,
    node_id: row.nodeId,
    likes,
    dislikes,
    like_count: likes.length,
    dislike_count: dislikes.length,
    user_like_status: likes.includes(viewerId) ? 'like' : dislikes.includes(viewerId) ? 'dislike' : null,
    created_at: row.createdAt.toISOString(),
    workflow: { link: row.workflowLink, api_link: row.workflowApiLink },
  };
}
