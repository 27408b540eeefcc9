import fs from 'node:fs';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { StorageKeyError } from '../storage/storage-validation';
import { HttpError } from './errors';
import { routePreloadLinks, withPreloadLinks } from './route-preloads';
import { hasSessionCookie, webAppIndex, webAppPage } from './web-app';

/** Every failure leaves as `{"detail": "..."}` with a fitting status; internals are logged, not sent. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return reply.code(error.statusCode).send({ detail: error.message });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = first?.message ?? 'Invalid request';
    return reply.code(400).send({ detail: where ? `${where}: ${message}` : message });
  }
  const known = knownFailure(error);
  if (known) return reply.code(known.status).send({ detail: known.detail });
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return reply.code(500).send({ detail: 'Internal server error' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  }
  return reply.code(status).send({ detail: error.message });
}

/** PostgreSQL's answers to bad input or to a row deleted meanwhile; SQLSTATE codes. */
const DATABASE_FAILURES: Record<string, { status: number; detail: string }> = {
  '22P05': { status: 400, detail: 'Text must not contain NUL characters.' },
  '22021': { status: 400, detail: 'Text must not contain NUL characters.' },
  '54001': { status: 400, detail: 'The input is nested too deeply.' },
  '23503': { status: 404, detail: 'Not found: it was deleted meanwhile.' },
};

/** Failures that are the input's, not the server's: an invalid storage key, input PostgreSQL refuses. */
function knownFailure(error: Error): { status: number; detail: string } | null {
  if (error instanceof StorageKeyError) return { status: 400, detail: error.message };
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_FAILURES[code]) return DATABASE_FAILURES[code];
  }
  return null;
}

/**
 * Unknown API paths get a JSON 404; any other GET gets the web app, whose router handles the path
 * (and sends unknown ones to /).
 */
export function notFoundHandler(webDist: string) {
  const indexPath = webAppIndex(webDist);
  return (request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/storage/');
    if (isApi || request.method !== 'GET') return reply.code(404).send({ detail: 'Not found' });
    if (!fs.existsSync(indexPath)) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const { cookie } = request.headers;
    const page = webAppPage(webDist, request.url, cookie);
    const links =
      page === indexPath
        ? routePreloadLinks(webDist, request.url.split('?')[0]!, hasSessionCookie(cookie))
        : '';
    if (!links) return reply.type('text/html').send(fs.createReadStream(page));
    return reply.type('text/html').send(withPreloadLinks(fs.readFileSync(page, 'utf8'), links));
  };
}
