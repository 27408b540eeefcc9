import fs from 'node:fs/promises';
import path from 'node:path';
import send from '@fastify/send';
import { precompressedEncoding, PRECOMPRESSED_EXTENSIONS, type PrecompressedEncoding } from './web-app';

/** The folder of the build's content-named files (`/assets/...`): fixed for as long as the server runs. */
export const HELD_FOLDER = 'assets';

interface HeldCopy {
  body: Buffer;
  /** As @fastify/send writes them from the copy's stat. */
  etag: string;
  lastModified: string;
}

/** A file of the build and the compressed copies written beside it, read once. */
export interface HeldFile {
  type: string;
  copies: Partial<Record<PrecompressedEncoding | 'identity', HeldCopy>>;
}

export interface HeldAnswer {
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Reads every file the build serves under /assets/ (`addresses`, as @fastify/static routes them) with its
 * compressed copies into memory: about 2 MB. A file is then answered in one go, without the stat, open,
 * reads and close @fastify/static makes per request, each waiting its turn on the server's one thread
 * behind whatever else runs there (PGlite answers the editor's reads on it).
 */
export async function holdWebFiles(webDist: string, addresses: string[]): Promise<Map<string, HeldFile>> {
  const served = new Set(addresses);
  const copies = new Map<string, Promise<HeldCopy>>();
  const copyOf = (address: string) => {
    let copy = copies.get(address);
    if (!copy) copies.set(address, (copy = readCopy(path.join(webDist, address))));
    return copy;
  };
  const held = new Map<string, HeldFile>();
  await Promise.all(
    addresses
      .filter((address) => address.startsWith(`/${HELD_FOLDER}/`))
      .map(async (address) => {
        const file: HeldFile = { type: contentType(address), copies: { identity: await copyOf(address) } };
        for (const [encoding, extension] of Object.entries(PRECOMPRESSED_EXTENSIONS)) {
          const copy = `${address}${extension}`;
          if (served.has(copy)) file.copies[encoding as PrecompressedEncoding] = await copyOf(copy);
        }
        held.set(address, file);
      }),
  );
  return held;
}

async function readCopy(filePath: string): Promise<HeldCopy> {
  const [body, stat] = await Promise.all([fs.readFile(filePath), fs.stat(filePath)]);
  return {
    body,
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    lastModified: stat.mtime.toUTCString(),
  };
}

/** As @fastify/static types a file (its default for an unknown kind, UTF-8 text marked so). */
function contentType(address: string): string {
  const type = send.mime.getType(address) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/**
 * The answer @fastify/static would give a plain GET or HEAD of a held file: the copy the browser's
 * Accept-Encoding takes, with @fastify/send's headers for it (the caller adds the web files' cache
 * headers, setWebFileHeaders). Null for what a plain answer does not cover, which @fastify/static then
 * answers from the disk: a revalidation or a precondition (If-*), a range.
 */
export function heldAnswer(
  file: HeldFile,
  request: { headers: Record<string, string | string[] | undefined> },
): HeldAnswer | null {
  const { headers } = request;
  if (
    headers.range !== undefined ||
    headers['if-match'] !== undefined ||
    headers['if-none-match'] !== undefined ||
    headers['if-modified-since'] !== undefined ||
    headers['if-unmodified-since'] !== undefined
  ) {
    return null;
  }
  const accepted = headers['accept-encoding'];
  const encoding = precompressedEncoding(
    (encoding) => file.copies[encoding] !== undefined,
    typeof accepted === 'string' ? accepted : undefined,
  );
  const copy = file.copies[encoding ?? 'identity']!;
  return {
    headers: {
      'accept-ranges': 'bytes',
      'last-modified': copy.lastModified,
      etag: copy.etag,
      'content-type': file.type,
      'content-length': String(copy.body.length),
      ...(encoding ? { 'content-encoding': encoding } : {}),
    },
    body: copy.body,
  };
}
