import { useState } from 'react';
import { ExportMovieDialog } from './ExportMovieDialog';

/** The Export button of the editor's bar and the scene list, with its dialog. */
export function ExportMovieButton({ movieId, className }: { movieId: string; className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className}>
        Export
      </button>
      <ExportMovieDialog movieId={movieId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
