import { useState } from 'react';
import { PageShell } from '../../ui/PageShell';
import { THEATRE_FILMS } from './communityConfig';
import { FilmPlayerModal } from './FilmPlayerModal';
import type { Film } from './logic/filmPlayer';

/** /theatre: films made with Cinegraph; a click plays one in the modal player. */
export function TheatrePage() {
  const [playing, setPlaying] = useState<Film | null>(null);
  return (
    <PageShell>
      <header className="mb-10">
        <p className="text-xs font-semibold tracking-[0.2em] text-amber-400/80 uppercase">Showcase</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Theatre</h1>
        <p className="mt-2 max-w-2xl text-sm text-neutral-400">
          Short films made by the community with Cinegraph.
        </p>
      </header>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
        {THEATRE_FILMS.map((film) => (
          <li key={film.id}>
            <button
              type="button"
              data-testid="film-card"
              onClick={() => setPlaying(film)}
              className="group block w-full overflow-hidden rounded-2xl border border-white/10 bg-neutral-900/70 text-left transition-colors hover:border-amber-400/40 focus-visible:outline-2 focus-visible:outline-amber-400"
            >
              <div className="relative aspect-video overflow-hidden bg-black">
                <img
                  src={film.thumbnail}
                  alt=""
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                />
                <span className="absolute right-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 font-mono text-xs text-white">
                  {film.duration}
                </span>
              </div>
              <div className="p-4">
                <h2 className="font-semibold text-white">{film.title}</h2>
                <p className="mt-1 text-sm text-neutral-400">
                  {film.director} · {film.year}
                </p>
              </div>
            </button>
          </li>
        ))}
      </ul>
      {playing && <FilmPlayerModal film={playing} onClose={() => setPlaying(null)} />}
    </PageShell>
  );
}
