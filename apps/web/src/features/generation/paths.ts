import { matchPath } from 'react-router';
import { shotsPath } from '../storyboard/paths';

/** A shot's generations of one workflow, or of all with `all_workflows`. */
export const workflowPath = (movieId: string, sceneId: string, shotId: string, workflowId: string) =>
  `${shotsPath(movieId, sceneId)}/shots/${encodeURIComponent(shotId)}/workflow/${encodeURIComponent(workflowId)}`;

/** The shot whose generations an address shows (see workflowPath); null for any other address. */
export function shotIdInPath(pathname: string): string | null {
  const match = matchPath('/scenes/:movieId/shots/:sceneId/shots/:shotId/workflow/:workflowId', pathname);
  const shotId = match?.params.shotId;
  return shotId === undefined ? null : decodeURIComponent(shotId);
}
