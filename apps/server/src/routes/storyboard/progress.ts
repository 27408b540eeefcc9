import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { requireMovieMember } from '../../services/movies/access';
import { latestDisplayImage, latestListDisplayImages } from '../../services/storyboard/display-image';
import {
  sceneGenerationStats,
  scenesWithNewOutput,
  shotGenerationStats,
  shotsWithNewOutput,
} from '../../services/storyboard/generation-stats';
import { requireScene } from '../../services/storyboard/scenes';
import { requireShot } from '../../services/storyboard/shots';

/** What the storyboard screens poll: generation stats, new-output markers, tile pictures. */
export function storyboardProgressRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, ep.shotGenerationStats, async ({ params, userId }) =>
    shotGenerationStats(db, await requireShot(db, params.shotId, userId)),
  );
  route(app, ep.sceneGenerationStats, async ({ params, userId }) => {
    await requireScene(db, params.sceneId, userId);
    return sceneGenerationStats(db, params.sceneId);
  });
  route(app, ep.shotsWithNewOutput, async ({ params, userId }) => {
    await requireScene(db, params.sceneId, userId);
    return shotsWithNewOutput(db, params.sceneId);
  });
  route(app, ep.scenesWithNewOutput, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return scenesWithNewOutput(db, params.movieId);
  });
  route(app, ep.latestItemDisplayImage, async ({ params, query, userId }) => ({
    display_image: await latestDisplayImage(db, params.level, params.id, userId, query.movie_id),
  }));
  route(app, ep.latestListDisplayImages, async ({ params, userId }) =>
    latestListDisplayImages(db, params.level, params.parentId, userId),
  );
}
