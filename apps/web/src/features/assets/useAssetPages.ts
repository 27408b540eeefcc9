import { ASSET_PAGE_SIZE, endpoints, type AssetFileType, type UserAsset } from '@cinegraph/contracts';
import useSWRInfinite from 'swr/infinite';
import { apiCall } from '../../lib/api';

type PageKey = readonly ['user-assets', string, AssetFileType, string, number];

/** More pages exist while the last one came back full (spec: pages of 20 with Load More). */
export function hasMorePages(pages: readonly (readonly unknown[])[] | undefined): boolean {
  const last = pages?.at(-1);
  return last !== undefined && last.length === ASSET_PAGE_SIZE;
}

/** The user's assets of one type matching `search`, a page of 20 at a time. */
export function useAssetPages(userId: string | null, fileType: AssetFileType, search: string) {
  const pages = useSWRInfinite<
    UserAsset[],
    Error,
    (index: number, previous: UserAsset[] | null) => PageKey | null
  >(
    (index, previous) => {
      if (!userId) return null;
      if (previous && previous.length < ASSET_PAGE_SIZE) return null;
      return ['user-assets', userId, fileType, search, index * ASSET_PAGE_SIZE];
    },
    ([, user, type, text, offset]) =>
      apiCall(endpoints.listUserAssets, {
        params: { userId: user },
        query: { limit: ASSET_PAGE_SIZE, offset, file_type: type, search: text || undefined },
      }),
    // A rename or delete must show at once, in this search and when going back to another one.
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  const assets = pages.data?.flat() ?? [];
  const loadingMore = pages.size > 0 && pages.data !== undefined && pages.data.length < pages.size;
  return {
    assets,
    error: pages.error,
    loading: pages.isLoading,
    loadingMore: loadingMore && !pages.error,
    hasMore: hasMorePages(pages.data),
    loadMore: () => pages.setSize(pages.size + 1),
    refresh: () => pages.mutate(),
  };
}
