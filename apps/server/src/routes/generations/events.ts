import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { GenerationEventHub } from '../../engine/generation-events';
import { streamRoute } from '../../http/route';
import { findSessionUser } from '../../services/auth';
import { requireMovieMember } from '../../services/movies/access';
import { openEventStream, type EventStream } from './event-stream';

/** A comment this often keeps the idle stream open; membership is checked again each time. */
export const HEARTBEAT_MS = 20_000;

/**
 * The live side of the generation screens: a movie's generation changes as server-sent events. Pages
 * still poll at the spec's pace, so a dropped stream only makes them slower, never wrong.
 */
export function generationEventRoutes(app: FastifyInstance, db: Database): void {
  const hub = new GenerationEventHub(db);
  const open = new Set<EventStream>();
  // Open streams never finish on their own: end them, or closing the server would wait forever.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  app.addHook('onClose', () => hub.close());

  streamRoute(app, endpoints.generationEvents, async ({ params, userId, reply, request }) => {
    const { movieId } = params;
    await requireMovieMember(db, movieId, userId);
    const stream = openEventStream(reply);
    open.add(stream);
    const sessionToken = request.sessionToken!;
    app.sessionStreams.add(sessionToken, stream);
    const heartbeat = setInterval(() => {
      stream.comment('heartbeat');
      // Signed out (on any server) or removed from the movie meanwhile: no more of its events.
      findSessionUser(db, sessionToken)
        .then((user) =>
          user === userId ? requireMovieMember(db, movieId, userId) : Promise.reject(new Error('Signed out')),
        )
        .catch(() => stream.end());
    }, HEARTBEAT_MS);
    let unsubscribe = () => {};
    stream.onClose(() => {
      clearInterval(heartbeat);
      open.delete(stream);
      unsubscribe();
    });
    try {
      const subscribed = await hub.subscribe(movieId, (event) => stream.send('generation', event));
      if (stream.closed) subscribed();
      else unsubscribe = subscribed;
    } catch (error) {
      reply.log.warn(
        `Generation events unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
      stream.end(); // The browser reconnects; the pages poll meanwhile.
      return;
    }
    stream.comment('connected');
  });
}
