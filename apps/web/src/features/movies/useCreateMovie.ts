import { endpoints, MESSAGES, type Movie } from '@cinegraph/contracts';
import { useRef, useState } from 'react';
import { apiCall } from '../../lib/api';
import { useToast } from '../../ui/toast';
import { createMovieWithFallback, pickTemplate, type MovieStart } from './createMovie';
import { useMovieListCache } from './useMovies';

/**
 * New Movie: copy a template (the text-to-video one unless another is chosen), else a blank movie; or a
 * blank movie when chosen. The new movie joins the list.
 */
export function useCreateMovie(userId: string) {
  const [creating, setCreating] = useState(false);
  // A ref, not the state, blocks a double click: state from the first click is not visible yet.
  const inFlight = useRef(false);
  const cache = useMovieListCache(userId);
  const toast = useToast();

  async function createMovie(start: MovieStart = 'text-to-video'): Promise<Movie | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setCreating(true);
    try {
      const movie = await createMovieWithFallback({
        fromTemplate: async () => {
          if (start === 'blank') throw new Error('A blank movie was chosen');
          const template = pickTemplate(await apiCall(endpoints.listTemplates), start);
          if (!template) throw new Error('No template movie');
          return apiCall(endpoints.createMovieFromTemplate, { params: { userId, movieId: template._id } });
        },
        blank: () => apiCall(endpoints.createBlankMovie, { query: { user_id: userId } }),
      });
      await cache.prepend(movie);
      toast.success('New movie created. Open it to start editing.');
      return movie;
    } catch {
      toast.error(MESSAGES.movieCreateFailed);
      return null;
    } finally {
      inFlight.current = false;
      setCreating(false);
    }
  }

  return { creating, createMovie };
}
