import { endpoints } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall } from '../../../lib/api';

/** What the chosen batch would cost, asked again whenever the shots or the jobs per shot change. */
export function useGenerateEstimate(
  nodeId: string,
  movieId: string,
  shotIds: ReadonlySet<string>,
  jobs: number,
) {
  const ids = [...shotIds].sort();
  const { data, error } = useSWR(
    ids.length > 0 ? ['generate-estimate', nodeId, movieId, ids.join(','), jobs] : null,
    () =>
      apiCall(endpoints.estimateGeneration, {
        params: { nodeId, movieId },
        body: { shot_ids: ids, num_jobs: jobs },
      }),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  return { estimate: ids.length > 0 ? data : undefined, error: error as Error | undefined };
}
