import { CUT_MESSAGES, endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { findRender, presentRender, requestRender } from '../../services/cut/cut-renders';
import { ffmpegAvailable } from '../../services/cut/ffmpeg-cut';
import { movieCut } from '../../services/cut/movie-cut';
import { movieFileName } from '../../services/exports/movie-export';
import { requireMovieMember } from '../../services/movies/access';

/** The cut: what the player plays, and the caller's MP4 render of it. */
export function cutRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  const files = { storage, publicUrl: config.publicUrl };
  route(app, endpoints.movieCut, async ({ params, query, userId }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    return movieCut(db, files, movie, { sceneId: query.scene_id, workflowNodeId: query.workflow_node_id });
  });

  const unavailable = async () => ((await ffmpegAvailable()) ? null : CUT_MESSAGES.noFfmpeg);
  const fileName = (title: string) => `${movieFileName(title)} cut.mp4`;

  route(app, endpoints.cutRender, async ({ params, userId }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const row = await findRender(db, movie.id, userId);
    return presentRender(storage, row, await unavailable(), fileName(movie.title));
  });

  route(app, endpoints.renderCut, async ({ params, body, userId }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    const canRender = (await unavailable()) === null;
    const row = await requestRender(db, storage, { movieId: movie.id, userId, body, canRender });
    return presentRender(storage, row, null, fileName(movie.title));
  });
}
