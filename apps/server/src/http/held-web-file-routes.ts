import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HELD_FOLDER, heldAnswer, holdWebFiles, type HeldFile } from './held-web-files';
import { setWebFileHeaders, webBuildFiles } from './web-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settles once the build's /assets/ files are in memory (or could not all be read: the disk answers). */
    webFilesHeld: Promise<void>;
  }
}

/**
 * GET and HEAD of each file of the build under /assets/, answered from memory as @fastify/static would
 * answer it from the disk (held-web-files.ts). The files are read once the app is ready, so the start
 * does not wait for them; until then, and for what memory does not answer (a revalidation, a range),
 * @fastify/static's `sendFile` answers from the disk as before.
 */
export const heldWebFileRoutes = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  const addresses = [...webBuildFiles(options.webDist)];
  const held = new Map<string, HeldFile>();
  let holding!: () => void;
  app.decorate('webFilesHeld', new Promise<void>((resolve) => (holding = resolve)));
  app.addHook('onReady', async () => {
    void holdWebFiles(options.webDist, addresses)
      .then((files) => files.forEach((file, address) => held.set(address, file)))
      .catch(() => {})
      .finally(holding);
  });
  for (const address of addresses.filter((a) => a.startsWith(`/${HELD_FOLDER}/`))) {
    app.route({
      method: ['GET', 'HEAD'],
      url: address,
      handler: (request, reply) => {
        const file = held.get(address);
        const answer = file && heldAnswer(file, request);
        if (!answer) return reply.sendFile(address);
        setWebFileHeaders(reply.raw, address);
        // A HEAD answer has the file's length and no body (Node leaves it out on a socket, inject does not).
        return reply.headers(answer.headers).send(request.method === 'HEAD' ? '' : answer.body);
      },
    });
  }
});
