import { endpoints as ep } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { unauthorized } from '../../http/errors';
import { JsonText, readRoute, route } from '../../http/route';
import {
  presentConnection,
  presentNode,
  presentWorkflowNode,
  writeNodesAnswer,
} from '../../presenters/editor';
import { findSessionUser } from '../../services/auth';
import { connect, disconnect, listConnections } from '../../services/editor/connections';
import { readMovieConnectionsText, readMovieGraph } from '../../services/editor/graph-reads';
import type { NodeRow } from '../../services/editor/node-rows';
import { updateNodes } from '../../services/editor/node-positions';
import {
  createNode,
  deleteNode,
  listWorkflowNodes,
  setNodeHidden,
  showNode,
  updateNode,
} from '../../services/editor/nodes';
import { syncAllInputs } from '../../services/editor/sync-all-inputs';
import { UTILITY_NODE_TEMPLATES } from '../../services/editor/utility-templates';
import { requireMovieMember, requireReadableMovie } from '../../services/movies/access';

/** The node editor's calls: reads may look at a template's graph, writes need membership of the movie. */
export function editorRoutes(app: FastifyInstance, { db, storage }: AppDeps): void {
  const withConnections = async (row: NodeRow) => presentNode(row, await listConnections(db, row.movieId));

  readRoute(app, ep.listNodes, async ({ params, sessionToken }) => {
    const { nodes, ends } = await readMovieGraph(db, sessionToken, params.movieId);
    return new JsonText(writeNodesAnswer(nodes, ends));
  });

  readRoute(
    app,
    ep.listConnections,
    async ({ params, sessionToken }) =>
      new JsonText(await readMovieConnectionsText(db, sessionToken, params.movieId)),
  );

  readRoute(app, ep.listUtilityNodes, async ({ sessionToken }) => {
    if (!(await findSessionUser(db, sessionToken))) throw unauthorized();
    return [...UTILITY_NODE_TEMPLATES];
  });

  for (const endpoint of [ep.listWorkflowNodes, ep.listMovieWorkflowNodes]) {
    route(app, endpoint, async ({ params, userId }) => {
      await requireReadableMovie(db, params.movieId, userId);
      return (await listWorkflowNodes(db, params.movieId)).map(presentWorkflowNode);
    });
  }

  route(app, ep.createNode, async ({ params, body, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return withConnections(await createNode(db, params.movieId, body));
  });

  route(app, ep.updateNode, async ({ params, body, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return withConnections(await updateNode(db, params.movieId, params.nodeId, body));
  });

  route(app, ep.updateNodes, async ({ params, query, body, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return { updated: await updateNodes(db, params.movieId, body, query.positionsOnly) };
  });

  route(app, ep.deleteNode, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    await deleteNode(db, storage, params.movieId, params.nodeId);
    return { message: 'Node deleted' };
  });

  route(app, ep.connect, async ({ params, body, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return presentConnection(await connect(db, params.movieId, body));
  });

  route(app, ep.disconnect, async ({ params, body, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    await disconnect(db, params.movieId, body);
    return { message: 'Connection removed' };
  });

  route(app, ep.syncAllInputs, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return syncAllInputs(db, params.movieId);
  });

  route(app, ep.hideNode, async ({ params, userId }) => {
    await requireMovieMember(db, params.movieId, userId);
    return withConnections(await setNodeHidden(db, params.movieId, params.nodeId, true));
  });

  route(app, ep.showNode, async ({ params, userId }) =>
    withConnections(await showNode(db, userId, params.nodeId)),
  );
}
