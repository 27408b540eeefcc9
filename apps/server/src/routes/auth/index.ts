import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { clearSessionCookie, setSessionCookie } from '../../http/session';
import { route } from '../../http/route';
import { tooManyRequests } from '../../http/errors';
import { AttemptWindow } from '../../services/attempt-window';
import {
  DEFAULT_VERIFIES_PER_ADDRESS,
  endSession,
  requestMagicLink,
  verifyMagicLink,
} from '../../services/auth';

export function authRoutes(app: FastifyInstance, { db, mailer, config, signInLimits }: AppDeps): void {
  route(app, endpoints.requestMagicLink, async ({ body, request }) => {
    await requestMagicLink(db, mailer, {
      email: body.email,
      ip: request.ip,
      publicUrl: config.publicUrl,
      limits: signInLimits,
    });
    return { message: 'Magic link sent' };
  });

  const verifies = new AttemptWindow(
    signInLimits.verifiesPerAddress ?? DEFAULT_VERIFIES_PER_ADDRESS,
    signInLimits.windowMinutes * 60_000,
  );

  route(app, endpoints.verifyMagicLink, async ({ query, reply, request }) => {
    if (!verifies.allow(request.ip)) {
      throw tooManyRequests('Too many sign-in attempts. Please wait a few minutes and try again.');
    }
    const session = await verifyMagicLink(db, { token: query.token, sessionDays: config.sessionDays });
    setSessionCookie(reply, session.sessionToken, session.expiresAt, config.cookieSecure);
    return { user_id: session.userId };
  });

  route(app, endpoints.logout, async ({ request, reply }) => {
    if (request.sessionToken) {
      await endSession(db, request.sessionToken);
      // Live pages of this session stop receiving anything at once (other servers: at their heartbeat).
      request.server.sessionStreams.endSession(request.sessionToken);
    }
    clearSessionCookie(reply, config.cookieSecure);
    return { message: 'Signed out' };
  });

  route(app, endpoints.currentSession, async ({ userId }) => ({ user_id: userId }));
}
