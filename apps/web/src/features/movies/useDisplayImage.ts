import { endpoints, type Movie } from '@cinegraph/contracts';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';

/** The card's image: the list's display_image, else the movie's latest one asked of the server. */
export function useDisplayImage(movie: Pick<Movie, '_id' | 'display_image'>): string | null {
  const params = { movieId: movie._id };
  const { data } = useSWR(
    movie.display_image ? null : endpointUrl(endpoints.latestMovieDisplayImage, { params }),
    () => apiCall(endpoints.latestMovieDisplayImage, { params }),
    // A card without a picture is fine: no retries, no refetch on focus.
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  return movie.display_image ?? data?.display_image ?? null;
}
