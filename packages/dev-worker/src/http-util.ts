import type { IncomingMessage, ServerResponse } from 'node:http';

/** Sends JSON with aiohttp's content type, as ComfyUI does. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** An empty answer (`/queue`, `/interrupt`, `/view` 404): aiohttp sends it as octet-stream. */
export function sendEmpty(res: ServerResponse, status = 200): void {
  res.writeHead(status, { 'Content-Type': 'application/octet-stream', 'Content-Length': 0 });
  res.end();
}

/** A plain-text answer such as '404: Not Found'. */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Thrown for a body over the limit; answered with 413. */
export class BodyTooLarge extends Error {}

/** Reads a request body up to `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLarge(`Request body over ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; undefined when it is not JSON (ComfyUI then answers 500). */
export async function readJson(req: IncomingMessage, limit = 50 * 1024 * 1024): Promise<unknown> {
  const body = await readBody(req, limit);
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** aiohttp's answer to an unhandled exception, as ComfyUI sends for a non-JSON `/prompt` body. */
export const sendServerError = (res: ServerResponse) =>
  sendText(res, 500, '500 Internal Server Error\n\nServer got itself in trouble');
