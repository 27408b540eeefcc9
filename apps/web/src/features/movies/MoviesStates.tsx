import { MESSAGES } from '@cinegraph/contracts';
import { Button } from '../../ui/Button';
import { AlertIcon, FilmIcon, PlusIcon } from '../../ui/icons';

/** No movies yet: one call to action, or a script to start from. */
export function MoviesEmptyState({
  creating,
  onCreate,
  onImportScript,
}: {
  creating: boolean;
  onCreate(): void;
  onImportScript(): void;
}) {
  return (
    <section className="flex flex-col items-center rounded-3xl border border-dashed border-white/10 bg-neutral-900/40 px-6 py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-amber-400/10 text-amber-400 ring-1 ring-amber-400/20">
        <FilmIcon className="size-8" />
      </span>
      <h2 className="mt-6 text-xl font-semibold tracking-tight text-white">Your first movie starts here</h2>
      <p className="mt-2 max-w-md text-sm text-neutral-400">
        Start from the text-to-video example: a ready-made pipeline you can run, change and make your own.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="primary" onClick={onCreate} disabled={creating}>
          <PlusIcon />
          Create First Movie
        </Button>
        <Button onClick={onImportScript} disabled={creating}>
          Import Script
        </Button>
      </div>
    </section>
  );
}

/** The list could not be loaded; Try again asks the server once more. */
export function MoviesLoadError({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <section
      role="alert"
      className="flex flex-col items-center rounded-3xl border border-red-500/20 bg-red-500/5 px-6 py-16 text-center"
    >
      <AlertIcon className="size-8 text-red-400" />
      <p className="mt-4 text-sm text-neutral-200">{MESSAGES.moviesLoadFailed}</p>
      <Button className="mt-6" onClick={onRetry} busy={retrying}>
        Try again
      </Button>
    </section>
  );
}
