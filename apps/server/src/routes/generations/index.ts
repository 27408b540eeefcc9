import { endpoints, GENERATION_MESSAGES } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { createPlanner } from '../../llm/create-planner';
import { requireMovieMember } from '../../services/movies/access';
import {
  requireGenerationOfMember,
  requireNodeOfMember,
  requireShotOfMember,
} from '../../services/generations/access';
import { cancelGeneration, cancelNodeGenerations } from '../../services/generations/cancel';
import { nodeStatusCounts } from '../../services/generations/counts';
import { estimateGeneration } from '../../services/generations/estimate';
import { generateForShots, validateShotInputs } from '../../services/generations/generate';
import { listShotGenerations } from '../../services/generations/list';
import { deleteGeneration, updateGeneration } from '../../services/generations/update';
import { generationEventRoutes } from './events';
import { movieGenerationStatusRoute } from './movie-status';
import { presentGeneration } from './present';

export function generationRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  const planner = createPlanner(config);

  route(app, endpoints.validateShotInputs, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return validateShotInputs(db, params.movieId, params.workflowNodeId);
  });

  route(app, endpoints.generate, async ({ params, body, userId, request }) => {
    await requireMovieMember(db, params.movieId, userId);
    const ids = await generateForShots(
      db,
      planner,
      {
        movieId: params.movieId,
        nodeId: params.nodeId,
        userId,
        shotIds: body.shot_ids,
        numJobs: body.num_jobs,
        publicUrl: config.publicUrl,
        storage,
        tierLimits: config.tierLimits,
      },
      (message) => request.log.warn(message),
    );
    return { generation_ids: ids, message: GENERATION_MESSAGES.started };
  });

  route(app, endpoints.estimateGeneration, async ({ params, body, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return estimateGeneration(db, config.tierLimits, {
      movieId: params.movieId,
      nodeId: params.nodeId,
      userId,
      shotIds: body.shot_ids,
      numJobs: body.num_jobs,
    });
  });

  route(app, endpoints.generationStatus, async ({ params, userId }) => {
    await requireNodeOfMember(db, params.nodeId, userId);
    return nodeStatusCounts(db, params.nodeId);
  });

  route(app, endpoints.cancelNodeGenerations, async ({ params, userId }) => {
    await requireNodeOfMember(db, params.nodeId, userId);
    return { cancelled: await cancelNodeGenerations(db, params.nodeId, config.userWorkersAllowPrivate) };
  });

  route(app, endpoints.cancelGeneration, async ({ params, userId }) => {
    await requireGenerationOfMember(db, params.id, userId);
    await cancelGeneration(db, params.id, config.userWorkersAllowPrivate);
    return presentGeneration(await requireGenerationOfMember(db, params.id, userId));
  });

  route(app, endpoints.shotGenerations, async ({ params, query, userId }) => {
    await requireShotOfMember(db, params.shotId, userId);
    const rows = await listShotGenerations(db, params.shotId, {
      workflowNodeId: query.workflow_node_id,
      showHidden: query.show_hidden,
    });
    return rows.map(presentGeneration);
  });

  route(app, endpoints.generation, async ({ params, userId }) =>
    presentGeneration(await requireGenerationOfMember(db, params.id, userId)),
  );

  route(app, endpoints.updateGeneration, async ({ params, body, userId }) => {
    const row = await requireGenerationOfMember(db, params.id, userId);
    return presentGeneration(await updateGeneration(db, row, body));
  });

  route(app, endpoints.deleteGeneration, async ({ params, userId }) => {
    const row = await requireGenerationOfMember(db, params.id, userId);
    await deleteGeneration(db, storage, row, config.userWorkersAllowPrivate);
    return { message: 'Generation deleted' };
  });

  generationEventRoutes(app, db);
  movieGenerationStatusRoute(app, db);
}
