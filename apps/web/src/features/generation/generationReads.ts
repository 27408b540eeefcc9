import { endpoints, type Endpoint, type Generation } from '@cinegraph/contracts';
import { endpointUrl, type CallOptions } from '../../lib/api';
import { startCall, takeCall } from '../../lib/readAhead';

/** The workflow id of the address that shows every workflow's takes. */
export const ALL_WORKFLOWS = 'all_workflows';

type Call = [Endpoint, CallOptions<Endpoint>];

/** A shot's takes of one workflow, or of all with `all_workflows`; hidden ones included. */
function takesCall(shotId: string, workflowId: string): Call {
  const workflow_node_id = workflowId === ALL_WORKFLOWS ? undefined : workflowId;
  return [
    endpoints.shotGenerations,
    { params: { shotId }, query: { workflow_node_id, show_hidden: 'true' } },
  ];
}

export const takesKey = (shotId: string, workflowId: string): string =>
  endpointUrl(...takesCall(shotId, workflowId));
export const readTakes = (shotId: string, workflowId: string) =>
  takeCall(...takesCall(shotId, workflowId)) as Promise<Generation[]>;

/**
 * Starts what the generations screen first shows (the takes, the movie's workflows, the movie, scene
 * and shots around them) as its route matches, before its code has loaded; its reads take these over.
 */
export function startGenerationReads(movieId: string, sceneId: string, shotId: string, workflowId: string) {
  startCall(...takesCall(shotId, workflowId));
  startCall(endpoints.listMovieWorkflowNodes, { params: { movieId } });
  startCall(endpoints.getMovie, { params: { movieId } });
  startCall(endpoints.getScene, { params: { sceneId } });
  startCall(endpoints.listShots, { params: { sceneId } });
}
