import { useMemo } from 'react';
import { useParams } from 'react-router';
import { listKey, type ListScope } from './storyboardApi';
import { StoryboardScreen } from './StoryboardScreen';

/** One screen per list; a new list (another movie or scene) starts with a fresh screen. */
function ListScreen({ level }: { level: ListScope['level'] }) {
  const { movieId = '', sceneId } = useParams();
  const scope = useMemo<ListScope>(() => ({ level, movieId, sceneId }), [level, movieId, sceneId]);
  return <StoryboardScreen key={listKey(scope)} scope={scope} />;
}

/** /scenes/{movieId} */
export function ScenesPage() {
  return <ListScreen level="scene" />;
}

/** /scenes/{movieId}/shots/{sceneId} */
export function ShotsPage() {
  return <ListScreen level="shot" />;
}

/** /movies/{movieId}/characters */
export function CharactersPage() {
  return <ListScreen level="character" />;
}
