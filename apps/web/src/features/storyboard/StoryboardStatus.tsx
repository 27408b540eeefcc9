import { Button } from '../../ui/Button';
import { NotFoundState, isNotFound } from '../../ui/NotFoundState';
import { Spinner } from '../../ui/Spinner';

/** The list's loading spinner, its load failure with a retry, or the not-found state. */
export function StoryboardStatus({
  loaded,
  error,
  onRetry,
  thing,
}: {
  loaded: boolean;
  error: unknown;
  onRetry(): Promise<void>;
  /** What the list's address names: the movie (scenes, characters) or the scene (shots). */
  thing: 'movie' | 'scene';
}) {
  if (loaded) return null;
  if (isNotFound(error)) return <NotFoundState thing={thing} />;
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-24 text-neutral-300">
        <p>{error instanceof Error ? error.message : 'Request failed'}</p>
        <Button onClick={() => void onRetry()}>Try again</Button>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-24">
      <Spinner size="lg" label="Loading" />
    </div>
  );
}
