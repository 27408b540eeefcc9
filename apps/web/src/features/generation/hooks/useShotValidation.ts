import { endpoints } from '@cinegraph/contracts';
import { useMemo } from 'react';
import useSWR from 'swr';
import { apiCall } from '../../../lib/api';
import { groupShotsByScene, type SceneShots } from '../logic/shotSelection';

/** The movie's scenes with each shot's validity for a workflow node, read fresh when the modal opens. */
export function useShotValidation(nodeId: string, movieId: string) {
  const { data, error, isLoading } = useSWR(
    ['generate-modal', nodeId, movieId],
    () =>
      Promise.all([
        apiCall(endpoints.listScenes, { params: { movieId } }),
        apiCall(endpoints.validateShotInputs, { params: { workflowNodeId: nodeId, movieId } }),
      ]),
    { revalidateOnFocus: false, dedupingInterval: 0 },
  );
  const groups = useMemo<SceneShots[]>(() => (data ? groupShotsByScene(data[0], data[1]) : []), [data]);
  return { entries: data?.[1], groups, error: error as Error | undefined, loading: isLoading };
}
