import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { presentUser } from '../../presenters/users';
import { setNickname } from '../../services/users/nickname';
import { userStats } from '../../services/users/stats';
import { getUser } from '../../services/users/user';

/** The account page: the user, their figures and their nickname (the path's user id is the session's). */
export function userRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  route(app, endpoints.getUser, async ({ params }) => presentUser(await getUser(db, params.userId)));

  route(app, endpoints.userStats, async ({ params }) => userStats(db, config.tierLimits, params.userId));

  route(app, endpoints.updateNickname, async ({ params }) => {
    await setNickname(db, params.userId, params.nickname);
    return userStats(db, config.tierLimits, params.userId);
  });
}
