import { z } from 'zod';
import { Id, IsoDate } from './common';

/** Spec: shared-workflow pages of 20 sorted by likes; the share dialog lists up to 100 of the user's own. */
export const SHARED_WORKFLOW_PAGE_SIZE = 20;
export const SHARE_DIALOG_LIST_LIMIT = 100;

export const WorkflowVoteAction = z.enum(['like', 'dislike']);
export type WorkflowVoteAction = z.infer<typeof WorkflowVoteAction>;

export const SharedWorkflow = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  user_id: z.string(),
  node_id: z.string().nullable(),
  likes: z.array(z.string()),
  dislikes: z.array(z.string()),
  like_count: z.number(),
  dislike_count: z.number(),
  user_like_status: WorkflowVoteAction.nullable(),
  created_at: IsoDate,
  workflow: z.object({ link: z.string().nullable(), api_link: z.string().nullable() }),
});
export type SharedWorkflow = z.infer<typeof SharedWorkflow>;

export const SharedWorkflowsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(SHARE_DIALOG_LIST_LIMIT).default(SHARED_WORKFLOW_PAGE_SIZE),
  skip: z.coerce.number().int().min(0).default(0),
  sort_by: z.enum(['likes', 'created_at']).default('likes'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  /** Only this user's own workflows (the share dialog). */
  user_id: Id.optional(),
});
export const SharedWorkflowsResponse = z.object({
  workflows: z.array(SharedWorkflow),
  has_more: z.boolean(),
});

export const LikeWorkflowBody = z.object({ user_id: Id, workflow_id: Id, action: WorkflowVoteAction });
export const LikeWorkflowResponse = z.object({
  like_count: z.number(),
  dislike_count: z.number(),
  /** The user's vote after the call: a repeated action removes it. */
  user_action: WorkflowVoteAction.nullable(),
});

const Title = z.string().max(200);
const Description = z.string().max(5000).default('');

export const ShareWorkflowBody = z.object({
  user_id: Id,
  node_id: Id,
  title: Title,
  description: Description,
});
export const UpdateSharedWorkflowBody = z.object({
  user_id: Id,
  workflow_id: Id,
  node_id: Id.optional(),
  title: Title,
  description: Description,
});
export const SharedWorkflowIdParams = z.object({ id: Id });
export const LoadSharedWorkflowBody = z.object({ workflow_id: Id });
