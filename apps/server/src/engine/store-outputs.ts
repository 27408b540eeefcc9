import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  collectOutputFiles,
  type HistoryEntry,
  type OutputFile,
  type ViewedFile,
  type WorkerConnection,
} from '@cinegraph/comfy';
import type { GenerationOutputColumn } from '../db/schema';
import { isOwnDisplayImage, storeDisplayImage } from '../services/assets/display-image';
import { storePosterFrame } from '../services/assets/poster-frame';
import { storedFileUrl } from '../services/assets/stored-files';
import { generationStoragePrefix } from '../services/generations/update';
import { streamToTempFile } from '../storage/local-files';
import { mediaLengthSeconds } from '../storage/media-length';
import { OUTPUT_MEDIA_TYPES, SNIFF_BYTES, sniffMediaType } from '../storage/media-types';
import type { Storage } from '../storage/storage';

/** Display images are small enough for a tile and a panel. */
const DISPLAY_WIDTH = 768;
/** WORKER_FILE_MAX_BYTES' default: far above any real take, far below what would fill a disk. */
export const DEFAULT_MAX_OUTPUT_BYTES = 2 * 1024 ** 3;

export interface OutputStore {
  storage: Storage;
  publicUrl: string;
  /** The largest output file kept from a worker (WORKER_FILE_MAX_BYTES). */
  maxOutputBytes?: number;
}

/**
 * Fetches the take's output file through `/view` into storage under the generation's prefix, with a
 * display image (an image resized; a video's poster frame when ffmpeg is there) and, for video and
 * sound, the length its container states (what the export falls back on without ffprobe). Null when the
 * workflow produced no file. Workers are untrusted: the file is streamed through a temporary file with
 * a size cap (never whole in memory) and kept only when its bytes are one of the closed list of media
 * types, stored under the type its bytes prove rather than the one the worker named.
 */
export async function storeGenerationOutput(
  store: OutputStore,
  client: Pick<WorkerConnection, 'openView'>,
  generation: { id: string; movieId: string },
  outputs: HistoryEntry['outputs'],
): Promise<GenerationOutputColumn | null> {
  const file = pickOutput(collectOutputFiles({ outputs }));
  if (!file) return null;
  const maxBytes = store.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const viewed = await client.openView(file);
  const tooLarge = `The worker's output ${file.filename} is larger than ${maxBytes} bytes; it was not kept.`;
  if (viewed.size !== null && viewed.size > maxBytes) {
    await viewed.body.cancel().catch(() => {});
    throw new Error(tooLarge);
  }
  const prefix = generationStoragePrefix(generation.movieId, generation.id);
  const key = `${prefix}${safeName(file.filename)}`;
  const kept = async (bytes: Uint8Array | string, size: number, head: Uint8Array) => {
    const contentType = sniffMediaType(head);
    if (!contentType) {
      throw new Error(
        `The worker's output ${file.filename} is not a ${OUTPUT_MEDIA_TYPES.map(shortName).join(', ')} file; it was not kept.`,
      );
    }
    if (typeof bytes === 'string') await store.storage.putFile(key, bytes, contentType);
    else await store.storage.put(key, bytes, contentType);
    const display = await displayImage(store.storage, file, key, bytes, prefix);
    // ComfyUI reports a video's frame rate at most, never its length: the container header says it.
    const seconds =
      typeof bytes === 'string' && file.kind !== 'image'
        ? await mediaLengthSeconds(bytes, contentType)
        : null;
    return {
      type: file.kind,
      url: storedFileUrl(store.publicUrl, key),
      display_image: display ? storedFileUrl(store.publicUrl, display) : null,
      bytes: size,
      ...(seconds !== null && { seconds }),
    };
  };
  if (file.kind === 'image' && viewed.size !== null && viewed.size <= IN_MEMORY_MAX_BYTES) {
    const bytes = await readWhole(viewed.body, viewed.size, file.filename);
    return kept(bytes, bytes.length, bytes.subarray(0, SNIFF_BYTES));
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cinegraph-output-'));
  try {
    const download = await downloadOutput(viewed.body, dir, maxBytes, tooLarge);
    return await kept(download, (await stat(download)).size, await readHead(download));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * An image the worker announces as small is read into memory: no temporary file to create, read back
 * and remove for each take (most of the server's work per job with small previews). More bytes than
 * announced are refused. Videos and sounds go through a file, where their length is read.
 */
const IN_MEMORY_MAX_BYTES = 32 * 1024 ** 2;

async function readWhole(body: ViewedFile['body'], size: number, filename: string): Promise<Buffer> {
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for await (const chunk of body) {
    if (at + chunk.length > size) {
      throw new Error(`The worker's output ${filename} is longer than the ${size} bytes it announced.`);
    }
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return at === size ? bytes : bytes.subarray(0, at);
}

async function downloadOutput(body: ViewedFile['body'], dir: string, maxBytes: number, tooLarge: string) {
  try {
    const stored = await streamToTempFile(dir, Readable.from(body), maxBytes);
    return stored.file;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw new Error(tooLarge, { cause: error });
    throw error;
  }
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const shortName = (type: string) => type.split('/')[1]!.toUpperCase().replace('MPEG', 'MP3');

/** The saved result of the first output node; previews (`temp`) only when nothing was saved. */
function pickOutput(files: OutputFile[]): OutputFile | undefined {
  return files.find((f) => f.type === 'output') ?? files[0];
}

async function displayImage(
  storage: Storage,
  file: OutputFile,
  key: string,
  /** The output's bytes, or the temporary file holding them. */
  bytes: Uint8Array | string,
  /** The generation's key prefix: its other files are named after it. */
  prefix: string,
): Promise<string | null> {
  if (file.kind === 'video') return storePosterFrame(storage, key, `${prefix}poster.jpg`).catch(() => null);
  if (file.kind !== 'image') return null;
  // A small still is shown as it is: no copy to encode and store for each take.
  if (typeof bytes !== 'string' && isOwnDisplayImage(bytes, DISPLAY_WIDTH)) return key;
  // An image sharp cannot read is still shown by the browser as it is.
  return (await storeDisplayImage(storage, bytes, `${prefix}display.webp`, DISPLAY_WIDTH)) ?? key;
}

function safeName(filename: string): string {
  return filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(-120) || 'output';
}
