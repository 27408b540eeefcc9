import { ComfyApiDeliverySchema, ComfyEventSchema, standardWebhookProblem } from '@cinegraph/comfy';
import { endpoints } from '@cinegraph/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { keepComfyApiDelivery, keepComfyApiEvent } from '../../engine/comfyui-api-deliveries';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { route } from '../../http/route';

/**
 * comfyui-api's webhook: public, but every delivery must be signed (Standard Webhooks) with the secret
 * shared with the comfyui-api servers. Outcomes and `comfy.*` system events (start, progress) are kept
 * in the database, where the job waiting on the prompt reads them, in whichever studio process runs it.
 */
export function comfyApiWebhook(config: Config, db: Database) {
  return async (app: FastifyInstance) => {
    // The signature covers the body byte for byte: this route keeps JSON bodies raw.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(app, endpoints.comfyApiWebhook, async ({ request }) => {
      const secret = config.comfyApiWebhookSecret;
      if (!secret) throw notFound('comfyui-api webhooks are not configured on this server.');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const problem = standardWebhookProblem(body, request.headers, secret);
      if (problem) throw unauthorized(problem);
      let payload: unknown;
      try {
        payload = JSON.parse(body.toString('utf8'));
      } catch {
        throw badRequest('The delivery is not JSON.');
      }
      const system = payload as { event?: unknown; data?: unknown };
      if (typeof system.event === 'string' && system.event.startsWith('comfy.')) {
        const event = ComfyEventSchema.safeParse(system.data);
        if (event.success) await keepComfyApiEvent(db, event.data);
        return { received: true };
      }
      const delivery = ComfyApiDeliverySchema.safeParse(payload);
      if (!delivery.success) return { received: false };
      await keepComfyApiDelivery(db, delivery.data);
      return { received: true };
    });
  };
}
