import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { badRequest, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { requireReadableKey } from '../../services/assets/file-access';
import { readStoredWorkflow } from '../../services/assets/proxy-workflow';

/** How long the link a stable file address redirects to stays valid. */
const READ_LINK_SECONDS = 300;

/** Reading stored files through the studio's stable addresses, and the workflow proxy. */
export function storedFileRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  route(app, ep.readStoredFile, async ({ query, userId, reply }) => {
    await requireReadableKey(db, userId, query.key);
    if (!(await storage.head(query.key))) throw notFound('File not found');
    const link = await storage.presignGet(query.key, { expiresInSeconds: READ_LINK_SECONDS });
    // Private: the redirect target is personal and short-lived.
    return reply.header('Cache-Control', 'private, max-age=60').redirect(link, 302);
  });

  route(app, ep.proxyWorkflow, async ({ query, userId }) => {
    if (!query.url) throw badRequest('No URL provided.');
    return readStoredWorkflow(db, storage, config.publicUrl, userId, query.url);
  });
}
