import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { movieCut } from '../../services/cut/movie-cut';
import { requireMovieMember } from '../../services/movies/access';

/** The cut: what the player plays. */
export function cutRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  const files = { storage, publicUrl: config.publicUrl };
  route(app, endpoints.movieCut, async ({ params, query, userId }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    return movieCut(db, files, movie, { sceneId: query.scene_id, workflowNodeId: query.workflow_node_id });
  });
}
