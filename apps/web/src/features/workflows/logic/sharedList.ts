import {
  SHARED_WORKFLOW_PAGE_SIZE,
  type SharedWorkflow,
  type WorkflowVoteAction,
} from '@cinegraph/contracts';

export const SEARCH_DEBOUNCE_MS = 300;

/** The browser's query for one page: by likes, most first. */
export function pageQuery(search: string, page: number) {
  const term = search.trim();
  return {
    ...(term ? { search: term } : {}),
    limit: SHARED_WORKFLOW_PAGE_SIZE,
    skip: page * SHARED_WORKFLOW_PAGE_SIZE,
    sort_by: 'likes' as const,
    sort_order: 'desc' as const,
  };
}

/** Appends a page, dropping any workflow already listed (a vote can shift items between pages). */
export function appendPage(
  list: readonly SharedWorkflow[],
  page: readonly SharedWorkflow[],
): SharedWorkflow[] {
  const seen = new Set(list.map((item) => item._id));
  return [...list, ...page.filter((item) => !seen.has(item._id))];
}

export type VoteState = Pick<SharedWorkflow, 'like_count' | 'dislike_count' | 'user_like_status'>;

/** The vote after `action`, as the server will count it: the same action again takes the vote back. */
export function applyVote(state: VoteState, action: WorkflowVoteAction): VoteState {
  let { like_count, dislike_count } = state;
  const previous = state.user_like_status;
  if (previous === 'like') like_count -= 1;
  if (previous === 'dislike') dislike_count -= 1;
  const next = previous === action ? null : action;
  if (next === 'like') like_count += 1;
  if (next === 'dislike') dislike_count += 1;
  return {
    like_count: Math.max(0, like_count),
    dislike_count: Math.max(0, dislike_count),
    user_like_status: next,
  };
}

/** Replaces one workflow's vote fields. */
export function withVote(list: readonly SharedWorkflow[], id: string, vote: VoteState): SharedWorkflow[] {
  return list.map((item) => (item._id === id ? { ...item, ...vote } : item));
}
