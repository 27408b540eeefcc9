import { endpoints, FORUM_PAGE_SIZE, type ForumPostCard } from '@cinegraph/contracts';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiCall, endpointUrl } from '../../lib/api';

/** The post cards, 20 at a time; the next page is asked for while the last one came back full. */
export function useForumCards() {
  const pages = useSWRInfinite<ForumPostCard[], Error>(
    (index, previous: ForumPostCard[] | null) =>
      previous && previous.length < FORUM_PAGE_SIZE ? null : ['forum-cards', index * FORUM_PAGE_SIZE],
    ([, offset]: [string, number]) =>
      apiCall(endpoints.listForumCards, { query: { limit: FORUM_PAGE_SIZE, offset } }),
  );
  const last = pages.data?.at(-1);
  return {
    cards: pages.data?.flat(),
    error: pages.error,
    loading: pages.isLoading,
    loadingMore: pages.data !== undefined && pages.data.length < pages.size && !pages.error,
    hasMore: last !== undefined && last.length === FORUM_PAGE_SIZE,
    loadMore: () => pages.setSize(pages.size + 1),
  };
}

export function forumPostKey(postId: string): string {
  return endpointUrl(endpoints.getForumPost, { params: { postId } });
}

export function useForumPost(postId: string) {
  return useSWR(forumPostKey(postId), () => apiCall(endpoints.getForumPost, { params: { postId } }));
}
