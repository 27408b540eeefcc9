import { endpoints, WORKER_MESSAGES } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import { editorWorkers } from '../../engine/worker-pool';
import {
  addOwnWorker,
  listOwnWorkers,
  removeOwnWorker,
  updateOwnWorker,
} from '../../services/workers/own-workers';
import { presentOwnWorker } from './present';
import { comfyApiWebhook } from './comfyui-api-webhook';
import { runpodWebhook } from './runpod-webhook';

export function workerRoutes(app: FastifyInstance, { db, config, storage }: AppDeps): void {
  void app.register(comfyApiWebhook(config, db, storage));
  void app.register(runpodWebhook(config, db));

  route(app, endpoints.tunnelStatus, async ({ userId }) => {
    const reachable = await editorWorkers(db, userId);
    return {
      has_tunneled_worker: reachable.length > 0,
      tunneled_workers: reachable.map((w) => ({ tunnel_url: w.url })),
    };
  });

  route(app, endpoints.listOwnWorkers, async ({ userId }) =>
    (await listOwnWorkers(db, userId)).map((row) => presentOwnWorker(row, config.publicUrl)),
  );

  route(app, endpoints.ownWorkerRules, async () => ({
    private_addresses_allowed: config.userWorkersAllowPrivate,
  }));

  route(app, endpoints.addOwnWorker, async ({ userId, body }) => {
    // Read at each request from the app's config (tests switch it on for dev workers on 127.0.0.1).
    const ctx = { db, allowPrivate: config.userWorkersAllowPrivate };
    return presentOwnWorker(await addOwnWorker(ctx, userId, body), config.publicUrl);
  });

  route(app, endpoints.updateOwnWorker, async ({ userId, params, body }) =>
    presentOwnWorker(await updateOwnWorker(db, userId, params.workerId, body), config.publicUrl),
  );

  route(app, endpoints.removeOwnWorker, async ({ userId, params }) => {
    await removeOwnWorker(db, userId, params.workerId);
    return { message: WORKER_MESSAGES.removed };
  });
}
