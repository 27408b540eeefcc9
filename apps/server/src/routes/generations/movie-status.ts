import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../http/route';
import { requireMovieMember } from '../../services/movies/access';
import { movieStatusCounts } from '../../services/generations/movie-counts';

/** The counts of every workflow node of a movie, for a member of the movie. */
export function movieGenerationStatusRoute(app: FastifyInstance, db: Database): void {
  route(app, endpoints.movieGenerationStatus, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return movieStatusCounts(db, params.movieId);
  });
}
