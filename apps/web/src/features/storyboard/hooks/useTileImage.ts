import { endpoints, type StoryboardLevel } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../../lib/api';
import { useOffline } from '../../../lib/offline';
import { STATS_POLL_MS } from './useStoryboardReads';

/**
 * A tile's picture: the server's latest display image of the item, refreshed every 30 s (and on focus)
 * only for shots, whose generations finish while the list is open; the item's own field until then.
 */
export function useTileImage(
  level: StoryboardLevel,
  item: { _id: string; movie_id: string; display_image: string | null },
): string | null {
  const options = {
    params: { level, id: item._id },
    query: level === 'shot' ? {} : { movie_id: item.movie_id },
  };
  const shot = level === 'shot';
  const offline = useOffline();
  const { data } = useSWR(
    offline ? null : endpointUrl(endpoints.latestItemDisplayImage, options),
    () => apiCall(endpoints.latestItemDisplayImage, options),
    {
      shouldRetryOnError: false,
      revalidateOnFocus: shot,
      refreshInterval: shot ? STATS_POLL_MS : 0,
    },
  );
  return data?.display_image ?? item.display_image;
}
