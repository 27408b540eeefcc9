import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { readEditorPass } from '../../services/comfy-editor/editor-pass';
import {
  EDITOR_PAGE_HEADERS,
  forwardToWorker,
  PREFLIGHT_HEADERS,
  workerAddress,
} from '../../services/comfy-editor/editor-proxy';
import { relaySocket } from '../../services/comfy-editor/editor-socket';
import { EDITOR_PROXY_PREFIX, openEditor, passWorker } from '../../services/comfy-editor/editor-workers';
import { workerTransport } from '../../services/workers/public-transport';

const EXPIRED =
  'This editor address has expired or is not yours: open the editor again from the workflow node.';

/** `GET v1/worker/editor`: the address the embedded editor page frames (under /api/v1). */
export function comfyEditorRoutes(api: FastifyInstance, { db, config }: AppDeps): void {
  route(api, endpoints.openComfyEditor, async ({ userId, query }) => {
    const ctx = { db, allowPrivateUserWorkers: config.userWorkersAllowPrivate };
    return openEditor(ctx, userId, query.url, query.origin ?? new URL(config.publicUrl).origin);
  });
}

/**
 * The worker's editor served from the studio's origin, HTTP and WebSocket, at
 * `/comfy-editor/<pass>/...` (see services/comfy-editor/editor-proxy.ts for why and how it is sandboxed).
 * Only the worker the pass names is reached, through the same transport (and address checks) as every
 * other call to that worker. Bodies pass through unread, so the plugin keeps no body parser.
 */
export function comfyEditorProxy({ db, config }: AppDeps) {
  const allowPrivate = config.userWorkersAllowPrivate;
  const workerOf = async (token: string) => {
    const pass = readEditorPass(token);
    return pass ? passWorker(db, pass) : null;
  };
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      url: `${EDITOR_PROXY_PREFIX}/:pass/*`,
      helmet: false,
      handler: async (request, reply) => {
        if (request.method === 'OPTIONS') return reply.code(204).headers(PREFLIGHT_HEADERS).send();
        const { pass, '*': rest } = request.params as { pass: string; '*': string };
        const worker = await workerOf(pass);
        const search = request.raw.url?.includes('?')
          ? request.raw.url.slice(request.raw.url.indexOf('?'))
          : '';
        const target = worker && workerAddress(worker.url, rest, search);
        if (!worker || !target) {
          return reply.code(404).headers(EDITOR_PAGE_HEADERS).type('text/plain; charset=utf-8').send(EXPIRED);
        }
        const fetcher = workerTransport(worker, allowPrivate).fetch ?? fetch;
        const answer = await forwardToWorker(fetcher, target, {
          method: request.method,
          headers: request.headers,
          body: request.raw,
        });
        return reply
          .code(answer.status)
          .headers(answer.headers)
          .send(answer.body ?? '');
      },
    });

    const sockets = new WebSocketServer({ noServer: true });
    app.server.on('upgrade', (request, socket, head) => {
      const url = new URL(request.url ?? '/', 'http://studio');
      const match = new RegExp(`^${EDITOR_PROXY_PREFIX}/([^/]+)/(.*)$`).exec(url.pathname);
      if (!match) return;
      workerOf(decodeURIComponent(match[1]!))
        .then((worker) => {
          const target = worker && workerAddress(worker.url, match[2]!, url.search, true);
          if (!worker || !target) return void socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
          const Socket = workerTransport(worker, allowPrivate).WebSocket as
            Parameters<typeof relaySocket>[2] | undefined;
          sockets.handleUpgrade(request, socket, head, (page) => relaySocket(page, target, Socket));
        })
        .catch(() => socket.destroy());
    });
    app.addHook('onClose', async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
    });
  };
}
