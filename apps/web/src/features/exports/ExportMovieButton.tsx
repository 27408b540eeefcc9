import { lazy, Suspense } from 'react';
import { useLazyDialog } from '../../ui/useLazyDialog';

/**
 * The dialog's code (its form, the export and download calls) is asked for when it is first opened:
 * the editor's bar draws this button with the screen, and its page loads only what it draws first.
 */
const ExportMovieDialog = lazy(() =>
  import('./ExportMovieDialog').then((m) => ({ default: m.ExportMovieDialog })),
);

/** The Export button of the editor's bar and the scene list, with its dialog. */
export function ExportMovieButton({ movieId, className }: { movieId: string; className: string }) {
  // Kept mounted once opened: the choices made stay for the next opening.
  const dialog = useLazyDialog();
  return (
    <>
      <button type="button" onClick={dialog.show} className={className}>
        Export
      </button>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <ExportMovieDialog movieId={movieId} open={dialog.open} onClose={dialog.close} />
        </Suspense>
      )}
    </>
  );
}
