import type { Movie } from '@cinegraph/contracts';
import { useState } from 'react';
import { FilmIcon } from '../../ui/icons';
import { useDisplayImage } from './useDisplayImage';

/**
 * The card's picture: the display image with the title over it, or the title alone when there is none.
 * A long title breaks anywhere (even a word without spaces) and ends after two lines.
 */
export function MovieCardPreview({ movie }: { movie: Movie }) {
  const image = useDisplayImage(movie);
  // An image that fails to load shows the title instead of a broken-image icon.
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const shown = image && image !== brokenImage ? image : null;

  return (
    <div className="relative aspect-video overflow-hidden rounded-t-2xl bg-neutral-900">
      {shown ? (
        <>
          <img
            src={shown}
            alt=""
            loading="lazy"
            onError={() => setBrokenImage(shown)}
            className="size-full object-cover transition-transform duration-700 ease-out group-hover:scale-105"
          />
          <div className="absolute inset-0 bg-gradient-to-t from-neutral-950/90 via-neutral-950/20 to-transparent" />
          <h3 className="absolute inset-x-0 bottom-0 line-clamp-2 p-4 text-base font-semibold [overflow-wrap:anywhere] text-white drop-shadow">
            {movie.title}
          </h3>
        </>
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-3 bg-[radial-gradient(ellipse_at_top,_var(--color-neutral-800),_var(--color-neutral-950)_70%)] p-6 text-center">
          <FilmIcon className="size-7 text-amber-400/60" />
          <h3 className="line-clamp-2 w-full text-lg font-semibold tracking-tight [overflow-wrap:anywhere] text-neutral-100">
            {movie.title}
          </h3>
        </div>
      )}
    </div>
  );
}
