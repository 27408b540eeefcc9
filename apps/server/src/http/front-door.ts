import http from 'node:http';
import type { Duplex } from 'node:stream';

type RequestHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/**
 * Answers a request without the app, or resolves false having sent nothing, leaving it to the app.
 * It never rejects after it has begun an answer.
 */
export type EarlyAnswer = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<boolean>;

export interface FrontDoor {
  readonly server: http.Server;
  /** Fastify's `serverFactory`: the app is built on the front door's server, which already listens. */
  serverFactory(handler: RequestHandler): http.Server;
  /** Requests and WebSocket upgrades waiting for the app. */
  readonly waiting: number;
  /** The app (built and ready) answers from now on, first the requests that waited for it. */
  handOver(): void;
  /** Stops taking connections and waits for the answers under way. */
  close(): Promise<void>;
}

/**
 * The studio's HTTP server, listening before the app is loaded and its database opened: what needs
 * neither (`answerEarly`: the landing page and the web app's files) is answered at once, and every
 * other request, WebSocket upgrades included, waits unread until the app takes over. Nothing is
 * answered twice or lost: a request is either answered early or handed to the app whole.
 */
export async function openFrontDoor(options: {
  port: number;
  host: string;
  answerEarly: EarlyAnswer;
}): Promise<FrontDoor> {
  const server = http.createServer();
  // What Fastify sets on a server it makes itself (with serverFactory it leaves them to the factory).
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;
  server.setTimeout(0);

  let built: RequestHandler | null = null;
  let app: RequestHandler | null = null;
  const waiting: [http.IncomingMessage, http.ServerResponse][] = [];
  const waitingUpgrades: [http.IncomingMessage, Duplex, Buffer][] = [];

  const toApp: RequestHandler = (request, response) => {
    if (app) app(request, response);
    else waiting.push([request, response]);
  };
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (app) return app(request, response);
    options.answerEarly(request, response).then(
      (answered) => {
        if (!answered) toApp(request, response);
      },
      () => response.destroy(),
    );
  });
  const holdUpgrade = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Once the app has added its own listener (while it is built), that one answers (nothing else adds one).
    if (server.listenerCount('upgrade') === 1) waitingUpgrades.push([request, socket, head]);
  };
  server.on('upgrade', holdUpgrade);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    server,
    get waiting() {
      return waiting.length + waitingUpgrades.length;
    },
    serverFactory(handler) {
      built = handler;
      return server;
    },
    handOver() {
      if (!built) throw new Error('The app was not built on the front door (serverFactory)');
      app = built;
      for (const [request, response] of waiting.splice(0)) app(request, response);
      server.off('upgrade', holdUpgrade);
      for (const [request, socket, head] of waitingUpgrades.splice(0)) {
        if (server.listenerCount('upgrade') > 0) server.emit('upgrade', request, socket, head);
        else socket.destroy();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
