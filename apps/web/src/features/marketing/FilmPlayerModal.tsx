import { MediaOverlay } from '../../ui/MediaOverlay';
import { filmSource, type Film } from './logic/filmPlayer';

/** The theatre's player: the film's embedded video (autoplay), its file, or its page; x or Esc closes. */
export function FilmPlayerModal({ film, onClose }: { film: Film; onClose(): void }) {
  const source = filmSource(film);
  return (
    <MediaOverlay
      label={film.title}
      closeLabel="Close player"
      onClose={onClose}
      header={
        <p className="text-neutral-400">
          <span className="font-semibold text-white">{film.title}</span> · {film.director} · {film.year}
        </p>
      }
    >
      <div className="aspect-video w-full max-w-5xl overflow-hidden rounded-xl bg-black shadow-2xl">
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
    </MediaOverlay>
  );
}
