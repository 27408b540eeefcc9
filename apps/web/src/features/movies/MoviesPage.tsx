import { useState } from 'react';
import { Navigate } from 'react-router';
import { useStoredUser } from '../../lib/session';
import { Spinner } from '../../ui/Spinner';
import type { MovieStart } from './createMovie';
import { MovieGrid } from './MovieGrid';
import { MoviesEmptyState, MoviesLoadError } from './MoviesStates';
import { NewMovieMenu, NewMovieScriptDialog } from './NewMovieMenu';
import { useCreateMovie } from './useCreateMovie';
import { useMovies } from './useMovies';

/** /movies: the signed-in user's movies. */
export function MoviesPage() {
  const { userId } = useStoredUser();
  // The router redirects signed-out visitors too; this keeps the page safe when used on its own.
  if (!userId) return <Navigate to="/" replace />;
  return <MovieLibrary userId={userId} />;
}

function MovieLibrary({ userId }: { userId: string }) {
  const { data: movies, error, isLoading, isValidating, mutate } = useMovies(userId);
  const { creating, createMovie } = useCreateMovie(userId);
  const [newMovieId, setNewMovieId] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  async function create(start?: MovieStart) {
    const movie = await createMovie(start);
    if (movie) setNewMovieId(movie._id);
  }

  const hasMovies = movies !== undefined && movies.length > 0;
  return (
    <main className="min-h-screen bg-neutral-950 px-4 pt-28 pb-20 text-neutral-100 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <header className="mb-10 flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-[0.2em] text-amber-400/80 uppercase">Studio</p>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">My Movies</h1>
            {hasMovies && (
              <p className="mt-2 text-sm text-neutral-400">
                {movies.length} {movies.length === 1 ? 'movie' : 'movies'}. Click one to open it in the
                editor.
              </p>
            )}
          </div>
          {hasMovies && (
            <NewMovieMenu
              onCreate={(start) => void create(start)}
              onImportScript={() => setImporting(true)}
            />
          )}
        </header>

        {movies ? (
          hasMovies ? (
            <MovieGrid movies={movies} userId={userId} highlightedId={newMovieId} />
          ) : (
            <MoviesEmptyState
              creating={creating}
              onCreate={() => void create()}
              onImportScript={() => setImporting(true)}
            />
          )
        ) : error ? (
          <MoviesLoadError retrying={isValidating} onRetry={() => void mutate()} />
        ) : isLoading ? (
          <div className="flex justify-center py-24">
            <Spinner size="lg" label="Loading your movies" />
          </div>
        ) : null}
      </div>
      {importing && <NewMovieScriptDialog userId={userId} onClose={() => setImporting(false)} />}
      {creating && <Spinner overlay fullScreen size="lg" label="Creating your movie..." />}
    </main>
  );
}
