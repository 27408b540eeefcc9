import { RunPodJobSchema } from '@cinegraph/comfy';
import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { keepRunPodJob } from '../../engine/runpod-jobs';
import { unauthorized } from '../../http/errors';
import { route } from '../../http/route';
import { isWorkerWebhookToken } from '../../services/workers/worker-keys';
import { outputBodyLimit } from './output-body-limit';

/**
 * RunPod's call when a job the studio submitted ends: public (RunPod calls it unsigned), so the address
 * itself carries the studio's token. RunPod posts the job's whole /status answer, outputs base64
 * included (2.9 MB for a 2.2 MB image, recorded): the body is taken up to WORKER_FILE_MAX_BYTES of
 * output, and only once the address is proved the studio's.
 */
export function runpodWebhook(config: Config, db: Database) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: outputBodyLimit(config.workerFileMaxBytes) },
      // A body that is not JSON is answered {received: false}, as one that is not a job.
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(null, undefined);
        }
      },
    );
    // Before the body is read: a forged address never gets to send a large one.
    app.addHook('onRequest', async (request: FastifyRequest) => {
      const { promptId, token } = request.params as { promptId?: string; token?: string };
      if (!promptId || !token || !isWorkerWebhookToken(promptId, token)) {
        throw unauthorized('The webhook address is not one this studio gave.');
      }
    });
    route(app, endpoints.runpodWebhook, async ({ params, request }) => {
      const job = RunPodJobSchema.safeParse(request.body);
      if (!job.success) return { received: false };
      await keepRunPodJob(db, params.promptId, job.data.id);
      return { received: true };
    });
  };
}
