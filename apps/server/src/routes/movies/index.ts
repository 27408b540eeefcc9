import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { readRoute, route } from '../../http/route';
import { presentMovie, presentTemplate } from '../../presenters/movies';
import { movieDisplayImage } from '../../services/generations/display-images';
import { requireReadableMovie, requireReadableMovieForSession } from '../../services/movies/access';
import {
  createBlankMovie,
  createMovieFromSource,
  listMoviesOfUser,
  listTemplates,
  removeMovieForUser,
  updateMovie,
} from '../../services/movies/movies';
import { acceptShareLink, createShareLink, revokeShareLinks } from '../../services/movies/sharing';

export function movieRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  route(app, endpoints.listMovies, async ({ params }) =>
    (await listMoviesOfUser(db, params.userId)).map(presentMovie),
  );

  route(app, endpoints.listTemplates, async () => (await listTemplates(db)).map(presentTemplate));

  // One of the editor's first reads: the session, the movie and the access to it in one query.
  readRoute(app, endpoints.getMovie, async ({ params, sessionToken }) =>
    presentMovie((await requireReadableMovieForSession(db, sessionToken, params.movieId)).movie),
  );

  route(app, endpoints.latestMovieDisplayImage, async ({ params, userId }) => ({
    display_image: await movieDisplayImage(db, await requireReadableMovie(db, params.movieId, userId)),
  }));

  route(app, endpoints.createMovieFromTemplate, async ({ params }) =>
    presentMovie(await createMovieFromSource(db, params.userId, params.movieId)),
  );

  route(app, endpoints.createBlankMovie, async ({ query }) =>
    presentMovie(await createBlankMovie(db, query.user_id, query.title)),
  );

  route(app, endpoints.updateMovie, async ({ params, body, userId }) =>
    presentMovie(await updateMovie(db, userId, params.id, body)),
  );

  route(app, endpoints.deleteMovie, async ({ params }) => {
    const deletedId = await removeMovieForUser(db, params.userId, params.movieId);
    if (deletedId) await storage.deletePrefix(`movies/${deletedId}/`);
    return { message: deletedId ? 'Movie deleted' : 'Movie removed from your list' };
  });

  route(app, endpoints.shareMovie, async ({ params, userId }) => {
    const link = await createShareLink(db, { userId, movieId: params.movieId, publicUrl: config.publicUrl });
    return { share_url: link.url, expires_at: link.expiresAt.toISOString() };
  });

  route(app, endpoints.revokeMovieShares, async ({ params, userId }) => {
    const revoked = await revokeShareLinks(db, { userId, movieId: params.movieId });
    return { message: 'Share links revoked', revoked };
  });

  route(app, endpoints.addSharedMovie, async ({ params }) => ({
    movie_id: await acceptShareLink(db, { userId: params.userId, token: params.token }),
  }));
}
