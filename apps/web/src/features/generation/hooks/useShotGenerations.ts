import type { Generation } from '@cinegraph/contracts';
import useSWR from 'swr';
import { readTakes, takesKey } from '../generationReads';
import { anyUnfinished } from '../logic/statusCounts';

/** The spec: lists of generations refresh every 5 s (here: while any of them can still change). */
export const GENERATIONS_POLL_MS = 5_000;

/** A shot's generations of one workflow, or of all with `all_workflows`; hidden ones included. */
export function useShotGenerations(shotId: string, workflowId: string) {
  const { data, error, isLoading, mutate } = useSWR(
    takesKey(shotId, workflowId),
    () => readTakes(shotId, workflowId),
    {
      refreshInterval: (latest?: Generation[]) => (latest && anyUnfinished(latest) ? GENERATIONS_POLL_MS : 0),
      revalidateOnFocus: false,
    },
  );
  return { generations: data, error: error as Error | undefined, loading: isLoading, mutate };
}
