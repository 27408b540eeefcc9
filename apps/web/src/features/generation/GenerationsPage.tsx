import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ALL_WORKFLOWS } from './logic/workflowGroups';
import { GenerationsScreen, type GenerationsScope } from './screen/GenerationsScreen';

/** /scenes/{movieId}/shots/{sceneId}/shots/{shotId}/workflow/{workflowId} */
export function GenerationsPage() {
  const { movieId = '', sceneId = '', shotId = '', workflowId = ALL_WORKFLOWS } = useParams();
  const scope = useMemo<GenerationsScope>(
    () => ({ movieId, sceneId, shotId, workflowId }),
    [movieId, sceneId, shotId, workflowId],
  );
  // Another shot or workflow starts with a fresh screen (selection, busy markers).
  return <GenerationsScreen key={`${shotId}/${workflowId}`} scope={scope} />;
}
