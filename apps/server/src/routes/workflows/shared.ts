import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { presentSharedWorkflow } from '../../presenters/workflows';
import { listSharedWorkflows } from '../../services/workflows/list-shared';
import {
  deleteSharedWorkflow,
  shareWorkflow,
  updateSharedWorkflow,
  type SharedWorkflowRow,
} from '../../services/workflows/shared-workflows';
import { voteOnWorkflow } from '../../services/workflows/votes';

/** The community's shared workflows (spec: shared workflows calls). */
export function sharedWorkflowRoutes(app: FastifyInstance, { db, storage, config }: AppDeps): void {
  const context = (userId: string) => ({ db, storage, publicUrl: config.publicUrl, userId });
  // A freshly shared or updated workflow is presented with its votes.
  const withVotes = async (row: SharedWorkflowRow, userId: string) => {
    const { items } = await listSharedWorkflows(db, {
      ownerId: row.userId,
      limit: 1,
      skip: 0,
      sortBy: 'created_at',
      sortOrder: 'desc',
      search: undefined,
      onlyId: row.id,
    });
    return presentSharedWorkflow(items[0] ?? { row, likes: [], dislikes: [] }, userId);
  };

  route(app, ep.listSharedWorkflows, async ({ query, userId }) => {
    const { items, hasMore } = await listSharedWorkflows(db, {
      search: query.search || undefined,
      limit: query.limit,
      skip: query.skip,
      sortBy: query.sort_by,
      sortOrder: query.sort_order,
      ownerId: query.user_id,
    });
    return { workflows: items.map((item) => presentSharedWorkflow(item, userId)), has_more: hasMore };
  });

  route(app, ep.likeWorkflow, async ({ body, userId }) =>
    voteOnWorkflow(db, userId, body.workflow_id, body.action),
  );

  route(app, ep.deleteSharedWorkflow, async ({ params, userId }) => {
    await deleteSharedWorkflow(context(userId), params.id);
    return { message: 'Workflow deleted' };
  });

  route(app, ep.shareWorkflow, async ({ body, userId }) => {
    const row = await shareWorkflow(context(userId), {
      nodeId: body.node_id,
      title: body.title,
      description: body.description,
    });
    return withVotes(row, userId);
  });

  for (const endpoint of [ep.updateSharedWorkflow, ep.putSharedWorkflow]) {
    route(app, endpoint, async ({ body, userId }) => {
      const row = await updateSharedWorkflow(context(userId), {
        workflowId: body.workflow_id,
        nodeId: body.node_id,
        title: body.title,
        description: body.description,
      });
      return withVotes(row, userId);
    });
  }
}
