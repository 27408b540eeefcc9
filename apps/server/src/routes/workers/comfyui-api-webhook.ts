import {
  ComfyApiDeliverySchema,
  ComfyEventSchema,
  standardWebhookProblem,
  webhookSecretKey,
} from '@cinegraph/comfy';
import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { keepComfyApiDelivery, keepComfyApiEvent } from '../../engine/comfyui-api-deliveries';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { route } from '../../http/route';
import type { Storage } from '../../storage/storage';

/** V8 cannot make a string longer than this of a body, and a delivery is JSON: its bodies stop here. */
const MAX_JSON_BYTES = 512 * 1024 ** 2;

/**
 * The largest delivery taken: an output of WORKER_FILE_MAX_BYTES in base64 (4 bytes for 3) and 1 MiB
 * for the request comfyui-api echoes around it. Larger outputs need comfyui-api's S3 upload
 * (COMFYUI_API_S3_PREFIX).
 */
function comfyApiBodyLimit(maxOutputBytes: number): number {
  return Math.min(Math.ceil(maxOutputBytes / 3) * 4 + 1024 ** 2, MAX_JSON_BYTES);
}

/**
 * comfyui-api's webhook: public, but every delivery must be signed (Standard Webhooks) with the secret
 * shared with the comfyui-api servers. Outcomes and `comfy.*` system events (start, progress) are kept
 * in the database, where the job waiting on the prompt reads them, in whichever studio process runs it.
 * A delivery is acknowledged only once kept: one the studio cannot read fails its prompt's job with the
 * reason (comfyui-api never retries an answered 200, so a silent 200 would leave the job waiting).
 */
export function comfyApiWebhook(config: Config, db: Database, storage: Storage) {
  return async (app: FastifyInstance) => {
    // The signature covers the body byte for byte: this route keeps JSON bodies raw.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: comfyApiBodyLimit(config.workerFileMaxBytes) },
      (_request, body, done) => done(null, body),
    );
    route(app, endpoints.comfyApiWebhook, async ({ request }) => {
      const secret = config.comfyApiWebhookSecret;
      if (!secret) throw notFound('comfyui-api webhooks are not configured on this server.');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const problem = standardWebhookProblem(body, request.headers, webhookSecretKey(secret));
      if (problem) throw unauthorized(problem);
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw badRequest('The delivery is not JSON.');
      }
      const system = payload as { event?: unknown; data?: unknown; type?: unknown; id?: unknown };
      if (typeof system.event === 'string') {
        // Only ComfyUI's start and progress matter to a job; other events are acknowledged and let go.
        const event = system.event.startsWith('comfy.') && ComfyEventSchema.safeParse(system.data);
        if (event && event.success) await keepComfyApiEvent(db, event.data);
        return { received: true };
      }
      const delivery = ComfyApiDeliverySchema.safeParse(payload);
      if (delivery.success) {
        await keepComfyApiDelivery(db, storage, delivery.data);
        return { received: true };
      }
      const reason = delivery.error.issues
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ');
      request.log.warn(`comfyui-api delivery the studio cannot read (${reason})`);
      if (typeof system.id !== 'string') throw badRequest(`The delivery names no prompt id (${reason}).`);
      const error = `comfyui-api sent a ${String(system.type)} delivery the studio cannot read: ${reason}`;
      await keepComfyApiDelivery(db, storage, { type: 'prompt.failed', id: system.id, error });
      return { received: true };
    });
  };
}
