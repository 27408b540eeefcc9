import { endpoints } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../../lib/api';

export interface CutScope {
  movieId: string;
  /** One scene's cut; the whole movie's when left out. */
  sceneId?: string;
  /** "Takes from": one workflow node's takes; every workflow's when left out. */
  workflowNodeId?: string;
}

export function cutKey({ movieId, sceneId, workflowNodeId }: CutScope): string {
  const query = { scene_id: sceneId, workflow_node_id: workflowNodeId };
  return endpointUrl(endpoints.movieCut, { params: { movieId }, query });
}

/** The cut the player plays and the storyboard totals: shots in order with their takes and lengths. */
export function useCut(scope: CutScope) {
  const { data, error, mutate } = useSWR(cutKey(scope), () =>
    apiCall(endpoints.movieCut, {
      params: { movieId: scope.movieId },
      query: { scene_id: scope.sceneId, workflow_node_id: scope.workflowNodeId },
    }),
  );
  return { cut: data, error: error as Error | undefined, mutate };
}
