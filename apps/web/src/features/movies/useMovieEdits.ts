import { endpoints, MESSAGES, type Movie } from '@cinegraph/contracts';
import { apiCall } from '../../lib/api';
import { useToast } from '../../ui/toast';
import { useMovieListCache } from './useMovies';

/** Rename and delete from the list; each resolves true on success and reports its own failure. */
export function useMovieEdits(userId: string) {
  const cache = useMovieListCache(userId);
  const toast = useToast();

  async function rename(movie: Movie, title: string): Promise<boolean> {
    try {
      await cache.replace(
        await apiCall(endpoints.updateMovie, { params: { id: movie._id }, body: { title } }),
      );
      return true;
    } catch {
      toast.error(MESSAGES.movieTitleUpdateFailed);
      await cache.refetch();
      return false;
    }
  }

  async function remove(movie: Movie): Promise<boolean> {
    try {
      await apiCall(endpoints.deleteMovie, { params: { userId, movieId: movie._id } });
      await cache.remove(movie._id);
      toast.success('Movie deleted.');
      return true;
    } catch {
      toast.error(MESSAGES.movieDeleteFailed);
      await cache.refetch();
      return false;
    }
  }

  return { rename, remove };
}
