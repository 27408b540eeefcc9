import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { assertOthersFilesReadable } from '../services/assets/others-files';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write of a signed-in user, whatever its route: the address and body may not mention another
 * user's upload the writer cannot read (see `assertOthersFilesReadable`). One check for all routes, so
 * a new place that stores text cannot become a way to someone's files.
 */
export function othersFilesHook(db: Database) {
  return async (request: FastifyRequest): Promise<void> => {
    if (READS.has(request.method) || !request.userId) return;
    await assertOthersFilesReadable(db, request.userId, `${request.url} ${bodyText(request.body)}`);
  };
}

/** A parsed JSON body as text (other bodies, a webhook's bytes or a multipart stream, carry no item). */
function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return '';
  return JSON.stringify(body);
}
