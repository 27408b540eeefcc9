import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { route } from '../../http/route';
import { editorWorkers } from '../../engine/worker-pool';

export function workerRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, endpoints.tunnelStatus, async ({ userId }) => {
    const reachable = await editorWorkers(db, userId);
    return {
      has_tunneled_worker: reachable.length > 0,
      tunneled_workers: reachable.map((w) => ({ tunnel_url: w.url })),
    };
  });
}
