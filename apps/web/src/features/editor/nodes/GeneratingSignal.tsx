import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useNodeGenerationStatus } from '../../generation/hooks/useNodeGenerationStatus';
import { useEditorActions } from '../editorActions';

/**
 * Tells the canvas whether a ready workflow node is generating (takes running or assigned), so the
 * edges into it move while it does. It reads the node's polled counts, the same read as its footer's.
 */
export function GeneratingSignal({ nodeId }: { nodeId: string }) {
  const { movieId = '' } = useParams();
  const { counts } = useNodeGenerationStatus(movieId, nodeId);
  const { setGenerating } = useEditorActions();
  const generating = counts.running > 0;
  useEffect(() => {
    setGenerating(nodeId, generating);
    return () => setGenerating(nodeId, false);
  }, [nodeId, generating, setGenerating]);
  return null;
}
