import { lazy, Suspense, useState } from 'react';

/**
 * The dialog's code (its form, the export and download calls) is asked for when it is first opened:
 * the editor's bar draws this button with the screen, and its page loads only what it draws first.
 */
const ExportMovieDialog = lazy(() =>
  import('./ExportMovieDialog').then((m) => ({ default: m.ExportMovieDialog })),
);

/** The Export button of the editor's bar and the scene list, with its dialog. */
export function ExportMovieButton({ movieId, className }: { movieId: string; className: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, and kept: the choices made stay for the next opening.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className={className}
      >
        Export
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ExportMovieDialog movieId={movieId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
