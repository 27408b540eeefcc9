import { endpoints, MESSAGES, type Movie } from '@cinegraph/contracts';
import { apiCall } from '../../lib/api';
import { useToast } from '../../ui/toast';
import { useMovieListCache } from './useMovies';

export const SHARE_TAKES_MESSAGES = {
  on: 'Takes marked "use as input" in this movie now appear on the curated-media page.',
  off: 'Takes of this movie are no longer shared with the community.',
  failed: 'Failed to change sharing. Please try again.',
} as const;

/**
 * Rename, delete and the share-takes switch from the list; each resolves true on success and reports
 * its own failure.
 */
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

  /** The consent to show the movie's takes marked use-as-input on the curated-media page. */
  async function setShareTakes(movie: Movie, on: boolean): Promise<boolean> {
    try {
      await cache.replace(
        await apiCall(endpoints.updateMovie, {
          params: { id: movie._id },
          body: { share_takes_with_community: on },
        }),
      );
      toast.success(on ? SHARE_TAKES_MESSAGES.on : SHARE_TAKES_MESSAGES.off);
      return true;
    } catch {
      toast.error(SHARE_TAKES_MESSAGES.failed);
      await cache.refetch();
      return false;
    }
  }

  return { rename, remove, setShareTakes };
}
