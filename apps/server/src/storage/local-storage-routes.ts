import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { attachmentDisposition } from './content-disposition';
import { isInlineMediaType } from './media-types';
import { resolveByteRange, UnsatisfiableRangeError } from './http-range';
import type { LocalStorage } from './local-storage';
import { StorageRequestError } from './storage-errors';
import { StorageKeyError } from './storage-validation';

export interface LocalStorageRoutesOptions {
  /** Largest single PUT or part, as on S3. */
  maxUploadBytes?: number;
}

type ObjectRoute = { Params: { '*': string } };

const FIVE_GIB = 5 * 1024 ** 3;

/**
 * Serves the local store's presigned URLs the way S3 serves its own, so the browser code is the
 * same for both. Register at `LOCAL_STORAGE_ROUTE_PREFIX`:
 * `app.register(localStorageRoutes(storage), { prefix: '/storage' })`.
 */
export function localStorageRoutes(
  storage: LocalStorage,
  options: LocalStorageRoutesOptions = {},
): FastifyPluginAsync {
  const maxBytes = options.maxUploadBytes ?? FIVE_GIB;

  return async (app) => {
    // Bodies are raw bytes of any type (JSON files too) that the handler streams to disk, so no parser
    // may read them. Encapsulation keeps this from touching the API's own JSON parsing.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // The URL itself is the credential (as with a public S3 bucket's CORS), so any origin may use it;
    // browsers need ETag exposed to complete a multipart upload.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Expose-Headers', 'ETag, Content-Length, Content-Range');
    });
    app.options('/*', async (request, reply) => {
      reply.header('Access-Control-Allow-Methods', 'GET, PUT');
      reply.header('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
      reply.header('Access-Control-Max-Age', '3600');
      return reply.code(204).send();
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof StorageKeyError) return reply.code(400).send({ detail: error.message });
      if (error instanceof StorageRequestError)
        return reply.code(error.statusCode).send({ detail: error.message });
      request.log.error(error);
      return reply.code(500).send({ detail: 'Storage failed' });
    });

    // S3 presigned GET URLs do not allow HEAD either, so no implicit HEAD route.
    app.get<ObjectRoute>('/*', { exposeHeadRoute: false }, async (request, reply) => {
      const key = request.params['*'];
      const verification = storage.verifyUrl('GET', key, singleValues(request.query));
      if (!verification.ok) return reply.code(403).send({ detail: verification.reason });
      const { grant } = verification;
      let opened;
      try {
        opened = await storage.objects.openRead(key, (size) => resolveByteRange(request.headers.range, size));
      } catch (err) {
        if (!(err instanceof UnsatisfiableRangeError)) throw err;
        return reply.code(416).header('Content-Range', `bytes */${err.size}`).send({ detail: err.message });
      }
      if (!opened) return reply.code(404).send({ detail: 'No such object' });

      reply.header('Content-Type', opened.contentType).header('Accept-Ranges', 'bytes');
      if (opened.etag) reply.header('ETag', opened.etag);
      // Each signed URL is unique, so the browser may cache it for as long as it is valid.
      reply.header(
        'Cache-Control',
        `private, max-age=${Math.max(0, grant.expires - Math.floor(Date.now() / 1000))}`,
      );
      // Objects are served from the studio's own origin: nothing stored may run there as a page.
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', STORED_OBJECT_CSP);
      if (grant.downloadName !== undefined || !isInlineMediaType(opened.contentType)) {
        reply.header('Content-Disposition', attachmentDisposition(grant.downloadName ?? lastSegment(key)));
      }
      if (opened.range) {
        const { start, end } = opened.range;
        reply.code(206).header('Content-Range', `bytes ${start}-${end}/${opened.size}`);
        reply.header('Content-Length', end - start + 1);
      } else {
        reply.header('Content-Length', opened.size);
      }
      return reply.send(opened.stream);
    });

    app.put<ObjectRoute>('/*', async (request, reply) => {
      const key = request.params['*'];
      const verification = storage.verifyUrl('PUT', key, singleValues(request.query));
      if (!verification.ok) return reply.code(403).send({ detail: verification.reason });
      const { grant } = verification;
      const announced = Number(request.headers['content-length']);
      if (announced > (grant.contentLength ?? maxBytes)) {
        const limit = grant.contentLength ?? maxBytes;
        return reply.code(413).send({ detail: `The upload is larger than ${limit} bytes` });
      }
      const size = { maxBytes, exactBytes: grant.contentLength };
      if (grant.uploadId !== undefined && grant.partNumber !== undefined) {
        const { etag } = await storage.putPart(key, grant.uploadId, grant.partNumber, request.raw, size);
        return reply.header('ETag', etag).send();
      }
      // As on S3, the Content-Type is part of what was signed: the uploader must send exactly it.
      if (grant.contentType === undefined || request.headers['content-type'] !== grant.contentType) {
        return reply
          .code(403)
          .send({ detail: `The upload must be sent with Content-Type: ${grant.contentType}` });
      }
      // A presigned PUT creates its object once: the same URL can never replace a checked upload.
      const { etag } = await storage.objects.write(key, request.raw, grant.contentType, {
        ...size,
        createOnly: true,
      });
      return reply.header('ETag', etag).send();
    });
  };
}

/** Served objects run nothing, even when opened as a page: no script, no plugin, a unique origin. */
export const STORED_OBJECT_CSP = "default-src 'none'; sandbox";

const lastSegment = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** A repeated query parameter arrives as an array; a signed URL never repeats one, so drop those. */
function singleValues(query: unknown): Record<string, string | undefined> {
  const entries = Object.entries(query as Record<string, unknown>);
  return Object.fromEntries(
    entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
