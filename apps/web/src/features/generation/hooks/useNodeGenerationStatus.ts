import { endpoints } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../../lib/api';
import { displayCounts, type DisplayCounts } from '../logic/statusCounts';

/** The spec: a workflow node's status counts are polled every 25 s. */
export const NODE_STATUS_POLL_MS = 25_000;

/** A workflow node's counts, polled; `refresh` asks again at once (after the modal closes or a cancel). */
export function useNodeGenerationStatus(nodeId: string): { counts: DisplayCounts; refresh(): void } {
  const params = { nodeId };
  const { data, mutate } = useSWR(
    endpointUrl(endpoints.generationStatus, { params }),
    () => apiCall(endpoints.generationStatus, { params }),
    { refreshInterval: NODE_STATUS_POLL_MS, revalidateOnFocus: false },
  );
  return { counts: displayCounts(data), refresh: () => void mutate() };
}
