import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { presentMovie } from '../../presenters/movies';
import {
  applyScript,
  importNewMovieScript,
  previewNewMovieScript,
  previewScript,
} from '../../services/scripts/import-script';

/** Script import: preview (writes nothing), then apply; into a movie, or as a new movie. */
export function scriptRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, ep.previewScript, ({ params, body, userId }) => previewScript(db, params.movieId, userId, body));
  route(app, ep.applyScript, ({ params, body, userId }) => applyScript(db, params.movieId, userId, body));
  route(app, ep.previewNewMovieScript, async ({ body }) => previewNewMovieScript(body));
  route(app, ep.importNewMovieScript, async ({ body, userId }) =>
    presentMovie(await importNewMovieScript(db, userId, body)),
  );
}
