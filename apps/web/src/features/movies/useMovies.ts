import { endpoints, type Movie } from '@cinegraph/contracts';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';

/** The SWR key of a user's movie list: its URL, so other screens can revalidate it by the same key. */
export function moviesKey(userId: string): string {
  return endpointUrl(endpoints.listMovies, { params: { userId } });
}

export function useMovies(userId: string) {
  return useSWR(moviesKey(userId), () => apiCall(endpoints.listMovies, { params: { userId } }));
}

export interface MovieListCache {
  prepend(movie: Movie): Promise<void>;
  replace(movie: Movie): Promise<void>;
  remove(movieId: string): Promise<void>;
  /** Asks the server again, after a failed change, so the list shows what was really saved. */
  refetch(): Promise<void>;
}

/** Writes a finished change into the cached list without another round trip. */
export function useMovieListCache(userId: string): MovieListCache {
  const { mutate } = useSWRConfig();
  const key = moviesKey(userId);
  const write = useCallback(
    async (change: (movies: Movie[]) => Movie[]) => {
      await mutate<Movie[]>(key, (movies) => change(movies ?? []), { revalidate: false });
    },
    [mutate, key],
  );
  return useMemo(
    () => ({
      prepend: (movie) => write((movies) => [movie, ...movies.filter((m) => m._id !== movie._id)]),
      replace: (movie) => write((movies) => movies.map((m) => (m._id === movie._id ? movie : m))),
      remove: (movieId) => write((movies) => movies.filter((m) => m._id !== movieId)),
      refetch: async () => {
        await mutate(key);
      },
    }),
    [write, mutate, key],
  );
}
