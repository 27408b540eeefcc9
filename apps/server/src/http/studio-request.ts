import { STUDIO_REQUEST_HEADERS } from '@cinegraph/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER = Object.keys(STUDIO_REQUEST_HEADERS)[0]!.toLowerCase();

/**
 * Cross-site request forgery: the session cookie's SameSite=Lax does not cover a page on a sibling
 * site, and a form or a no-cors fetch can send any call a body of text/plain, form data or nothing.
 * None of them can send a JSON body or a custom header without a CORS preflight, which the API never
 * grants, so every state-changing call must carry one of the two.
 */
export async function requireStudioRequest(request: FastifyRequest): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json' || request.headers[HEADER]) return;
  throw forbidden(
    'This call must come from the studio: send it as JSON or with the header X-Requested-With.',
  );
}

/**
 * The GETs the spec fixes that still change something (the sign-in link's verification, an upload's
 * reservation) must carry the studio's header: an image, a link or another site's page cannot send it,
 * so none can sign a browser in to an account of the sender's choosing or spend its storage.
 */
export function requireStudioHeader(request: FastifyRequest, detail: string): void {
  if (!request.headers[HEADER]) throw forbidden(detail);
}
