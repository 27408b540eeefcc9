import { ReactFlowProvider } from '@xyflow/react';
import { Navigate, useParams } from 'react-router';
import { useStoredUser } from '../../lib/session';
import { EditorScreen } from './EditorScreen';

/** /movies/{movieId}/editor: the node editor of one movie, for a signed-in user. */
export function EditorPage() {
  const { movieId } = useParams();
  const { userId } = useStoredUser();
  if (!userId || !movieId) return <Navigate to="/" replace />;
  return (
    <ReactFlowProvider key={movieId}>
      <EditorScreen key={movieId} movieId={movieId} />
    </ReactFlowProvider>
  );
}
