import { z } from 'zod';
import { Id, IsoDate } from './common';

/** Spec: shared-workflow pages of 20 sorted by likes; the share dialog lists up to 100 of the user's own. */
export const SHARED_WORKFLOW_PAGE_SIZE = 20;
export const SHARE_DIALOG_LIST_LIMIT = 100;

export const WorkflowVoteAction = /* @__PURE__ */ z.enum(['like', 'dislike']);
export type WorkflowVoteAction = z.infer<typeof WorkflowVoteAction>;

export const SharedWorkflow = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  title: /* @__PURE__ */ z.string(),
  description: /* @__PURE__ */ z.string(),
  user_id: /* @__PURE__ */ z.string(),
  node_id: /* @__PURE__ */ z.string().nullable(),
  likes: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  dislikes: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  like_count: /* @__PURE__ */ z.number(),
  dislike_count: /* @__PURE__ */ z.number(),
  user_like_status: /* @__PURE__ */ WorkflowVoteAction.nullable(),
  created_at: IsoDate,
  workflow: /* @__PURE__ */ z.object({
    link: /* @__PURE__ */ z.string().nullable(),
    api_link: /* @__PURE__ */ z.string().nullable(),
  }),
});
export type SharedWorkflow = z.infer<typeof SharedWorkflow>;

export const SharedWorkflowsQuery = /* @__PURE__ */ z.object({
  search: /* @__PURE__ */ z.string().trim().max(200).optional(),
  limit: /* @__PURE__ */ z.coerce
    .number()
    .int()
    .min(1)
    .max(SHARE_DIALOG_LIST_LIMIT)
    .default(SHARED_WORKFLOW_PAGE_SIZE),
  skip: /* @__PURE__ */ z.coerce.number().int().min(0).default(0),
  sort_by: /* @__PURE__ */ z.enum(['likes', 'created_at']).default('likes'),
  sort_order: /* @__PURE__ */ z.enum(['asc', 'desc']).default('desc'),
  /** Only this user's own workflows (the share dialog). */
  user_id: /* @__PURE__ */ Id.optional(),
});
export const SharedWorkflowsResponse = /* @__PURE__ */ z.object({
  workflows: /* @__PURE__ */ z.array(SharedWorkflow),
  has_more: /* @__PURE__ */ z.boolean(),
});

export const LikeWorkflowBody = /* @__PURE__ */ z.object({
  user_id: Id,
  workflow_id: Id,
  action: WorkflowVoteAction,
});
export const LikeWorkflowResponse = /* @__PURE__ */ z.object({
  like_count: /* @__PURE__ */ z.number(),
  dislike_count: /* @__PURE__ */ z.number(),
  /** The user's vote after the call: a repeated action removes it. */
  user_action: /* @__PURE__ */ WorkflowVoteAction.nullable(),
});

const Title = /* @__PURE__ */ z.string().max(200);
const Description = /* @__PURE__ */ z.string().max(5000).default('');

export const ShareWorkflowBody = /* @__PURE__ */ z.object({
  user_id: Id,
  node_id: Id,
  title: Title,
  description: Description,
});
export const UpdateSharedWorkflowBody = /* @__PURE__ */ z.object({
  user_id: Id,
  workflow_id: Id,
  node_id: /* @__PURE__ */ Id.optional(),
  title: Title,
  description: Description,
});
export const SharedWorkflowIdParams = /* @__PURE__ */ z.object({ id: Id });
export const LoadSharedWorkflowBody = /* @__PURE__ */ z.object({ workflow_id: Id });
