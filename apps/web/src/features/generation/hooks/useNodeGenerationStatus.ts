import { endpoints } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../../lib/api';
import { displayCounts, type DisplayCounts } from '../logic/statusCounts';

/** The spec: a workflow node's status counts are polled every 25 s. */
export const NODE_STATUS_POLL_MS = 25_000;

/**
 * A workflow node's counts, polled; `refresh` asks again at once (after the modal closes or a cancel).
 * Every node of the canvas reads the movie's counts under one key, so a canvas asks once per poll,
 * not once per node in view.
 */
export function useNodeGenerationStatus(
  movieId: string,
  nodeId: string,
): { counts: DisplayCounts; refresh(): void } {
  const { data, mutate } = useMovieGenerationStatus(movieId);
  return { counts: displayCounts(data?.[nodeId]), refresh: () => void mutate() };
}

/** The movie's counts by workflow node, polled: the one read behind every node's counts. */
export function useMovieGenerationStatus(movieId: string) {
  const params = { movieId };
  return useSWR(
    endpointUrl(endpoints.movieGenerationStatus, { params }),
    () => apiCall(endpoints.movieGenerationStatus, { params }),
    { refreshInterval: NODE_STATUS_POLL_MS, revalidateOnFocus: false },
  );
}
