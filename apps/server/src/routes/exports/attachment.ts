import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { zipStream, type ZipEntry } from '../../services/exports/zip-stream';
import { attachmentDisposition } from '../../storage/content-disposition';
import type { Storage } from '../../storage/storage';

/** Sends a file to save: its name, type and (when known) length, never cached by a shared cache. */
export function sendAttachment(
  reply: FastifyReply,
  file: { body: Readable | Buffer | string; name: string; contentType: string; size?: number },
): FastifyReply {
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', attachmentDisposition(file.name))
    .header('Cache-Control', 'private, no-store');
  if (file.size !== undefined && file.size >= 0) reply.header('Content-Length', file.size);
  return reply.send(file.body);
}

/**
 * Sends a zip as it is written, its length announced up front. `beforeLastByte` runs before the zip's
 * end goes out, so a download cut short never reaches it.
 */
export async function sendZip(
  reply: FastifyReply,
  storage: Storage,
  name: string,
  entries: ZipEntry[],
  beforeLastByte?: () => Promise<void>,
): Promise<FastifyReply> {
  const zip = await zipStream(storage, entries, (error) => {
    // The headers are gone already: all that is left is to cut the download, which the browser reports.
    reply.log.error(`Zip ${name} failed: ${error.message}`);
    reply.raw.destroy(error);
  });
  const body = beforeLastByte
    ? zip.stream.pipe(new PassThrough({ flush: (done) => void beforeLastByte().then(() => done(), done) }))
    : zip.stream;
  return sendAttachment(reply, { body, name, contentType: 'application/zip', size: zip.size });
}
