import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { route } from '../../http/route';
import { presentUser } from '../../presenters/users';
import { getUser } from '../../services/users';

export function userRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, endpoints.getUser, async ({ params }) => presentUser(await getUser(db, params.userId)));
}
