import { endpoints, type Generation } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../../lib/api';
import { anyUnfinished } from '../logic/statusCounts';
import { ALL_WORKFLOWS } from '../logic/workflowGroups';

/** The spec: lists of generations refresh every 5 s (here: while any of them can still change). */
export const GENERATIONS_POLL_MS = 5_000;

/** A shot's generations of one workflow, or of all with `all_workflows`; hidden ones included. */
export function useShotGenerations(shotId: string, workflowId: string) {
  const options = {
    params: { shotId },
    query: {
      workflow_node_id: workflowId === ALL_WORKFLOWS ? undefined : workflowId,
      show_hidden: 'true' as const,
    },
  };
  const { data, error, isLoading, mutate } = useSWR(
    endpointUrl(endpoints.shotGenerations, options),
    () => apiCall(endpoints.shotGenerations, options),
    {
      refreshInterval: (latest?: Generation[]) => (latest && anyUnfinished(latest) ? GENERATIONS_POLL_MS : 0),
      revalidateOnFocus: false,
    },
  );
  return { generations: data, error: error as Error | undefined, loading: isLoading, mutate };
}
