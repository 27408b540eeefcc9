import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

/** The list's loading spinner, or its load failure with a retry. */
export function StoryboardStatus({
  loaded,
  error,
  onRetry,
}: {
  loaded: boolean;
  error: unknown;
  onRetry(): Promise<void>;
}) {
  if (loaded) return null;
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
