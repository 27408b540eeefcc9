import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every answer (Helmet): a Content-Security-Policy that runs only the studio's
 * own scripts and lets no other site frame it, nosniff, a Referrer-Policy. Media and uploads may live in
 * an S3 bucket and the embedded ComfyUI editor on a user's worker, so those may come from any http(s)
 * address; scripts never do. Stored files get a stricter policy of their own (storage routes). The
 * front door sends the same headers on what it answers before the app is built.
 */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      mediaSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https:', 'http:'],
      frameSrc: ["'self'", 'https:', 'http:'],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Presigned storage links are fetched by other origins (a worker's editor) with CORS.
  crossOriginResourcePolicy: { policy: 'same-site' },
} satisfies FastifyHelmetOptions;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, SECURITY_HEADERS);
}
