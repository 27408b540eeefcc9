import {
  ComfyApiDeliverySchema,
  ComfyEventSchema,
  standardWebhookProblem,
  webhookSecretKey,
} from '@cinegraph/comfy';
import { endpoints } from '@cinegraph/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { keepComfyApiDelivery, keepComfyApiEvent } from '../../engine/comfyui-api-deliveries';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { route } from '../../http/route';
import { generations, workers } from '../../db/schema';
import { comfyApiWorkerSecret } from '../../services/workers/worker-keys';
import type { Storage } from '../../storage/storage';
import { outputBodyLimit } from './output-body-limit';

/**
 * comfyui-api's webhooks: public, but every delivery must be signed (Standard Webhooks): the shared
 * pool's with COMFYUI_API_WEBHOOK_SECRET, a user's own worker's with that worker's own secret, at its
 * own address, which keeps only that worker's prompts. Outcomes and `comfy.*` system events (start,
 * progress) are kept in the database, where the job waiting on the prompt reads them, in whichever
 * studio process runs it. A delivery is acknowledged only once kept: one the studio cannot read fails
 * its prompt's job with the reason (comfyui-api never retries an answered 200, so a silent 200 would
 * leave the job waiting).
 */
export function comfyApiWebhook(config: Config, db: Database, storage: Storage) {
  return async (app: FastifyInstance) => {
    // The signature covers the body byte for byte: these routes keep JSON bodies raw.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      // The largest delivery: see outputBodyLimit; larger outputs need comfyui-api's S3 upload.
      { parseAs: 'buffer', bodyLimit: outputBodyLimit(config.workerFileMaxBytes) },
      (_request, body, done) => done(null, body),
    );
    route(app, endpoints.comfyApiWebhook, async ({ request }) => {
      const secret = config.comfyApiWebhookSecret;
      if (!secret) throw notFound('comfyui-api webhooks are not configured on this server.');
      return receive(request, webhookSecretKey(secret), async () => true);
    });
    route(app, endpoints.comfyApiOwnWebhook, async ({ request, params }) => {
      const [worker] = await db
        .select({ userId: workers.userId, backend: workers.backend })
        .from(workers)
        .where(eq(workers.id, params.workerId));
      if (!worker?.userId || worker.backend !== 'comfyui-api') throw notFound('No such comfyui-api worker.');
      const key = webhookSecretKey(comfyApiWorkerSecret(params.workerId));
      return receive(request, key, (promptId) => isPromptOf(db, params.workerId, promptId));
    });
  };

  /** Checks, reads and keeps one delivery; `ours` says whether its prompt may be kept from this address. */
  async function receive(
    request: FastifyRequest,
    key: Buffer,
    ours: (promptId: string) => Promise<boolean>,
  ): Promise<{ received: boolean }> {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const problem = standardWebhookProblem(body, request.headers, key);
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
      if (!event || !event.success) return { received: true };
      const promptId = (event.data.data as { prompt_id?: unknown } | null)?.prompt_id;
      if (typeof promptId === 'string' && !(await ours(promptId))) return { received: false };
      await keepComfyApiEvent(db, event.data);
      return { received: true };
    }
    if (typeof system.id === 'string' && !(await ours(system.id))) return { received: false };
    const delivery = ComfyApiDeliverySchema.safeParse(payload);
    if (delivery.success) {
      await keepComfyApiDelivery(db, storage, delivery.data);
      return { received: true };
    }
    const reason = delivery.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
    request.log.warn(`comfyui-api delivery the studio cannot read (${reason})`);
    if (typeof system.id !== 'string') throw badRequest(`The delivery names no prompt id (${reason}).`);
    const error = `comfyui-api sent a ${String(system.type)} delivery the studio cannot read: ${reason}`;
    await keepComfyApiDelivery(db, storage, { type: 'prompt.failed', id: system.id, error });
    return { received: true };
  }
}

/** Whether the prompt is one the studio sent to this worker (the job records its prompt id first). */
async function isPromptOf(db: Database, workerId: string, promptId: string): Promise<boolean> {
  const [job] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.promptId, promptId), eq(generations.workerId, workerId)));
  return job !== undefined;
}
