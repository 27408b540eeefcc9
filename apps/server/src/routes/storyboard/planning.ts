import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { createPlanner } from '../../llm/create-planner';
import { presentDescription } from '../../presenters/storyboard';
import { requireMovieMember } from '../../services/movies/access';
import {
  deleteDescription,
  listDescriptions,
  requireDescription,
  updateDescriptionText,
} from '../../services/storyboard/descriptions';
import { generateShots } from '../../services/storyboard/generate-shots';

/** Automatic shots (the configured planner) and the movie's descriptions. */
export function storyboardPlanningRoutes(app: FastifyInstance, { db, config }: AppDeps): void {
  const planner = createPlanner(config);

  route(app, ep.generateShots, async ({ body, userId }) => ({
    shots: await generateShots(db, planner, userId, body),
  }));

  route(app, ep.listDescriptions, async ({ params, userId }) => {
    const movie = await requireMovieMember(db, params.movieId, userId);
    return (await listDescriptions(db, movie)).map(presentDescription);
  });
  route(app, ep.updateDescriptionText, async ({ params, body, userId }) => {
    const row = await requireDescription(db, params.id, userId);
    return presentDescription(await updateDescriptionText(db, row, body.description));
  });
  route(app, ep.deleteDescription, async ({ params, userId }) => {
    await deleteDescription(db, await requireDescription(db, params.id, userId));
    return { message: 'Description deleted' };
  });
}
