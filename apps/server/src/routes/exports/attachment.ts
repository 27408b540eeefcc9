import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../storage/content-disposition';

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
