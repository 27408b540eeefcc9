import multipart from '@fastify/multipart';
import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { presentNode } from '../../presenters/editor';
import { listConnections } from '../../services/editor/connections';
import { requireMovieNode, type NodeRow } from '../../services/editor/node-rows';
import { requireMovieMember } from '../../services/movies/access';
import { recordUploadError } from '../../services/workflows/node-workflow';
import { loadSharedWorkflowIntoNode } from '../../services/workflows/load-shared';
import { setWorkflowFromUpload, UPLOAD_FAILED } from '../../services/workflows/upload-workflow';
import { sharedWorkflowRoutes } from './shared';
import { readWorkflowForm, WORKFLOW_FORM_LIMITS } from './workflow-form';

/**
 * Workflow nodes' files and shared workflows. A plugin of its own so that multipart parsing exists only
 * here, for the one call that takes a form.
 */
export function workflowRoutes(deps: AppDeps) {
  const { db, storage } = deps;
  const publicUrl = deps.config.publicUrl;
  const allowPrivateUserWorkers = deps.config.userWorkersAllowPrivate;
  return async (app: FastifyInstance) => {
    await app.register(multipart, { limits: WORKFLOW_FORM_LIMITS });
    const present = async (row: NodeRow) => presentNode(row, await listConnections(db, row.movieId));

    route(app, ep.setInputsFromWorkflow, async ({ params, userId, request }) => {
      await requireMovieMember(db, params.movieId, userId);
      const node = await requireMovieNode(db, params.movieId, params.nodeId);
      const upload = await readWorkflowForm(request).catch(async (error: unknown) => {
        const message = error instanceof HttpError ? error.message : UPLOAD_FAILED;
        await recordUploadError(db, node.id, message);
        throw error;
      });
      return present(
        await setWorkflowFromUpload(
          { db, storage, publicUrl, userId, allowPrivateUserWorkers },
          node,
          upload,
        ),
      );
    });

    route(app, ep.loadSharedWorkflow, async ({ params, body, userId }) => {
      await requireMovieMember(db, params.movieId, userId);
      const node = await requireMovieNode(db, params.movieId, params.nodeId);
      return present(
        await loadSharedWorkflowIntoNode(
          { db, storage, publicUrl, userId, allowPrivateUserWorkers },
          node,
          body.workflow_id,
        ),
      );
    });

    sharedWorkflowRoutes(app, deps);
  };
}
