import { endpoints, type SharedWorkflow, type WorkflowVoteAction } from '@cinegraph/contracts';
import { useCallback, useEffect, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { apiCall } from '../../lib/api';
import {
  appendPage,
  applyVote,
  pageQuery,
  SEARCH_DEBOUNCE_MS,
  withVote,
  type VoteState,
} from './logic/sharedList';

export const BROWSER_MESSAGES = {
  loadFailed: 'Failed to load workflows',
  deleteFailed: 'Failed to delete workflow',
  empty: 'No workflows found',
} as const;

type Page = { workflows: SharedWorkflow[]; has_more: boolean };
type PageKey = readonly ['shared-workflows', string, number];

/** The shared-workflow browser's list: debounced search, pages by likes, votes and deletes. */
export function useSharedWorkflows(userId: string | null) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [deleteFailed, setDeleteFailed] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const pages = useSWRInfinite<Page, unknown, (index: number, previous: Page | null) => PageKey | null>(
    (index, previous) => (previous && !previous.has_more ? null : ['shared-workflows', term, index]),
    ([, query, index]) => apiCall(endpoints.listSharedWorkflows, { query: pageQuery(query, index) }),
    { revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const { data, mutate, size, setSize } = pages;
  const items = (data ?? []).reduce<SharedWorkflow[]>((list, page) => appendPage(list, page.workflows), []);
  const last = data?.at(-1);
  const loading = pages.isLoading || (size > 0 && data !== undefined && data.length < size && !pages.error);

  const edit = useCallback(
    (change: (list: SharedWorkflow[]) => SharedWorkflow[]) =>
      mutate((current) => current?.map((page) => ({ ...page, workflows: change(page.workflows) })), {
        revalidate: false,
      }),
    [mutate],
  );

  const vote = useCallback(
    async (workflow: SharedWorkflow, action: WorkflowVoteAction) => {
      if (!userId) return;
      const before: VoteState = workflow;
      await edit((list) => withVote(list, workflow._id, applyVote(before, action)));
      try {
        const result = await apiCall(endpoints.likeWorkflow, {
          body: { user_id: userId, workflow_id: workflow._id, action },
        });
        const after = {
          like_count: result.like_count,
          dislike_count: result.dislike_count,
          user_like_status: result.user_action,
        };
        await edit((list) => withVote(list, workflow._id, after));
      } catch (failure) {
        console.error('Voting failed', failure);
        await edit((list) => withVote(list, workflow._id, before));
      }
    },
    [edit, userId],
  );

  const remove = useCallback(
    async (id: string) => {
      if (!userId) return;
      setDeleteFailed(false);
      try {
        await apiCall(endpoints.deleteSharedWorkflow, { params: { id }, query: { user_id: userId } });
        await edit((list) => list.filter((item) => item._id !== id));
      } catch (failure) {
        console.error('Deleting the shared workflow failed', failure);
        setDeleteFailed(true);
      }
    },
    [edit, userId],
  );

  const error = pages.error
    ? BROWSER_MESSAGES.loadFailed
    : deleteFailed
      ? BROWSER_MESSAGES.deleteFailed
      : null;
  return {
    search,
    setSearch,
    items,
    hasMore: last?.has_more ?? false,
    loading,
    error,
    loadMore: () => void setSize(size + 1),
    vote,
    remove,
  };
}
