import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { findSessionUser } from '../services/auth';
import { SESSION_COOKIE } from './session-cookie';

export { SESSION_COOKIE };

/** The open streams (server-sent events) of each session on this server, ended when it signs out. */
export class SessionStreams {
  readonly #bySession = new Map<string, Set<{ end(): void }>>();

  add(sessionToken: string, stream: { end(): void; onClose(listener: () => void): void }): void {
    const streams = this.#bySession.get(sessionToken) ?? new Set();
    this.#bySession.set(sessionToken, streams.add(stream));
    stream.onClose(() => {
      streams.delete(stream);
      if (streams.size === 0) this.#bySession.delete(sessionToken);
    });
  }

  endSession(sessionToken: string): void {
    for (const stream of [...(this.#bySession.get(sessionToken) ?? [])]) stream.end();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionStreams: SessionStreams;
  }
  interface FastifyRequest {
    /** The user of the session cookie, or null. */
    userId: string | null;
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** The handler resolves the session itself from `sessionToken`, in the query it makes anyway. */
    sessionInHandler?: boolean;
  }
}

/** Reads the session cookie on every request; routes decide whether they need it. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { db: Database }) => {
  app.decorate('sessionStreams', new SessionStreams());
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    request.sessionToken = token;
    // Such a route reads the session together with what it needs (one query instead of two).
    if (request.routeOptions.config.sessionInHandler) return;
    request.userId = await findSessionUser(options.db, token);
  });
});

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
