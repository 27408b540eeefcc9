import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../ui/icons';
import { filmSource, type Film } from './logic/filmPlayer';

/** The theatre's player: the film's embedded video (autoplay), its file, or its page; x or Esc closes. */
export function FilmPlayerModal({ film, onClose }: { film: Film; onClose(): void }) {
  const source = filmSource(film);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={film.title}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/90 p-4 backdrop-blur-sm"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="relative w-full max-w-5xl">
        <button
          type="button"
          aria-label="Close player"
          onClick={onClose}
          className="absolute -top-12 right-0 rounded-full p-2 text-neutral-300 hover:bg-white/10 hover:text-white"
        >
          <CloseIcon className="size-6" />
        </button>
        <div className="aspect-video w-full overflow-hidden rounded-xl bg-black shadow-2xl">
          {source.kind === 'file' && (
            <video
              src={source.url}
              autoPlay
              controls
              playsInline
              className="size-full"
              data-testid="film-video"
            />
          )}
          {(source.kind === 'embed' || source.kind === 'page') && (
            <iframe
              src={source.url}
              title={film.title}
              allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="size-full border-0"
            />
          )}
          {source.kind === 'none' && (
            <p className="flex size-full items-center justify-center text-neutral-400">
              This film cannot be played here.
            </p>
          )}
        </div>
        <p className="mt-4 text-sm text-neutral-400">
          <span className="font-semibold text-white">{film.title}</span> · {film.director} · {film.year}
        </p>
      </div>
    </div>,
    document.body,
  );
}
