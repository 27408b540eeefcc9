import { endpoints, SIGN_IN_REFUSALS } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { clearSessionCookie, setSessionCookie } from '../../http/session';
import { route } from '../../http/route';
import { requireStudioHeader } from '../../http/studio-request';
import { endSession, requestMagicLink, takeVerifyAttempt, verifyMagicLink } from '../../services/auth';

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

  route(app, endpoints.verifyMagicLink, async ({ query, reply, request }) => {
    requireStudioHeader(request, SIGN_IN_REFUSALS.notFromStudio);
    await takeVerifyAttempt(db, request.ip, signInLimits);
    const live =
      request.userId && request.sessionToken
        ? { userId: request.userId, sessionToken: request.sessionToken }
        : null;
    const session = await verifyMagicLink(db, {
      token: query.token,
      sessionDays: config.sessionDays,
      live,
      switchAccount: query.switch_account === 'true',
    });
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
