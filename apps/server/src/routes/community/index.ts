import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { presentCuratedTake } from '../../presenters/community';
import { requireCommunityReadableKey } from '../../services/community/community-files';
import { listCuratedTakes } from '../../services/curated/curated-media';
import { forumRoutes } from './forum';

/** How long the link a community address redirects to stays valid. */
const READ_LINK_SECONDS = 300;

/** What the community reads without signing in: the forum, curated takes and the files they show. */
export function communityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, storage, config } = deps;
  forumRoutes(app, deps);

  route(app, ep.listCuratedMedia, async () =>
    (await listCuratedTakes(db)).map((take) => presentCuratedTake(take, config.publicUrl)),
  );

  route(app, ep.readCommunityFile, async ({ query, reply }) => {
    await requireCommunityReadableKey(db, query.key);
    if (!(await storage.head(query.key))) throw notFound('File not found');
    const link = await storage.presignGet(query.key, { expiresInSeconds: READ_LINK_SECONDS });
    return reply.header('Cache-Control', 'public, max-age=60').redirect(link, 302);
  });
}
