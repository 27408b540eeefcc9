import { shotsPath } from '../storyboard/paths';

/** A shot's generations of one workflow, or of all with `all_workflows`. */
export const workflowPath = (movieId: string, sceneId: string, shotId: string, workflowId: string) =>
  `${shotsPath(movieId, sceneId)}/shots/${encodeURIComponent(shotId)}/workflow/${encodeURIComponent(workflowId)}`;
