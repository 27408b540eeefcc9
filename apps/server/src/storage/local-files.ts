import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageRequestError } from './storage-errors';

export function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * A temp file name no other process or call uses: this process's random tag and a counter (drawing
 * random bytes for each file cost more than the rest of naming it).
 */
export function tempPath(tmpDir: string): string {
  return path.join(tmpDir, `${Date.now()}-${PROCESS_TAG}-${(tempFiles++).toString(36)}.tmp`);
}

const PROCESS_TAG = randomBytes(8).toString('hex');
let tempFiles = 0;

/**
 * Streams `source` into a new temp file, counting and hashing its bytes on the way (the digest makes
 * the ETag). Refuses more than `maxBytes` with 413 and leaves no temp file behind.
 */
export async function streamToTempFile(
  tmpDir: string,
  source: Readable,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<{ file: string; digest: string; size: number }> {
  await mkdir(tmpDir, { recursive: true });
  const file = tempPath(tmpDir);
  const meter = new HashingMeter(maxBytes);
  try {
    await pipeline(source, meter, createWriteStream(file, { flags: 'wx' }));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return { file, digest: meter.digest(), size: meter.size };
}

/**
 * Streams `source` into the existing `file` from byte `offset` on (a multipart part into its place),
 * hashing it on the way. More than `maxBytes` is refused with 413; no byte past the limit is written.
 */
export async function streamIntoFileAt(
  file: string,
  offset: number,
  source: Readable,
  maxBytes: number,
): Promise<{ digest: string; size: number }> {
  const meter = new HashingMeter(maxBytes);
  // 'r+' writes into the file without truncating it (the other parts stay) and never creates it.
  await pipeline(source, meter, createWriteStream(file, { flags: 'r+', start: offset })).catch(
    (err: unknown) => {
      if (!isMissing(err)) throw err;
      throw new StorageRequestError(
        'The multipart upload does not exist (completed, aborted or unknown)',
        404,
      );
    },
  );
  return { digest: meter.digest(), size: meter.size };
}

/**
 * Passes bytes through, counting and hashing them; fails with 413 at the first byte past `maxBytes`.
 * The hash only names a version of the bytes (ETags), so it is SHA-256, which CPUs with SHA
 * instructions run over twice as fast as S3's MD5: the hash is most of a part upload's CPU.
 */
class HashingMeter extends Transform {
  size = 0;
  readonly #hash = createHash('sha256');

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new StorageRequestError(`The upload is larger than ${this.maxBytes} bytes`, 413));
      return;
    }
    this.#hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.#hash.digest('hex');
  }
}

/**
 * Writes bytes held in memory to a new temp file in one call (no stream, no hashing pass of its own);
 * the folder is made only when it is missing.
 */
export async function writeTempFile(tmpDir: string, bytes: string | Uint8Array): Promise<string> {
  const file = tempPath(tmpDir);
  await inFolder(file, () => writeFile(file, bytes, { flag: 'wx' }));
  return file;
}

export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

/**
 * Runs a file system call that creates `file`; when its folder is missing (ENOENT), makes the folder
 * and runs it again. Most calls find the folder there, so they cost no `mkdir`; a second retry covers
 * a concurrent delete pruning the freshly made folder.
 */
async function inFolder<T>(file: string, create: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt === 2) throw err;
      await mkdir(path.dirname(file), { recursive: true });
    }
  }
}

/**
 * Moves a finished temp file to `dest` (atomic: readers see the old or the new file, never half).
 * The temp file is removed when the move fails.
 */
export async function moveIntoPlace(file: string, dest: string, opts: { exclusive?: boolean } = {}) {
  try {
    if (opts.exclusive) {
      // link() fails when `dest` exists, where rename() would replace it.
      await inFolder(dest, () => link(file, dest));
      await unlink(file);
    } else {
      await inFolder(dest, () => rename(file, dest));
    }
  } catch (err) {
    await rm(file, { force: true });
    throw placementError(err, opts.exclusive);
  }
}

/** What a failed move into place means to the caller: a used upload link, a key clash, or itself. */
export function placementError(err: unknown, exclusive = false): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (exclusive && code === 'EEXIST') {
    return new StorageRequestError('This upload link was already used: ask for a new one', 412);
  }
  if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'ENOTEMPTY' || code === 'EEXIST') {
    return new StorageRequestError('The key clashes with an existing key used as a folder', 409);
  }
  return err;
}

/**
 * Removes the entries of `dir` (files, or folders with everything in them) whose newest change is
 * older than `olderThan`; returns how many went. A missing `dir` has nothing to remove.
 */
export async function removeUntouchedSince(dir: string, olderThan: Date): Promise<number> {
  const names = await readdir(dir).catch((err: unknown) => (isMissing(err) ? [] : Promise.reject(err)));
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    if ((await lastChange(entry)) < olderThan.getTime()) {
      await rm(entry, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

/** The newest modification time of a file, or of a folder and everything in it (ms). */
async function lastChange(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => null);
  if (!info) return Number.POSITIVE_INFINITY; // gone meanwhile: nothing to do
  if (!info.isDirectory()) return info.mtimeMs;
  const children = await readdir(entry).catch(() => []);
  const times = await Promise.all(children.map((child) => lastChange(path.join(entry, child))));
  return Math.max(info.mtimeMs, ...times);
}

/** Removes now-empty folders from `dir` up to (not including) `stopAt`, so deleted keys leave no trace. */
export async function pruneEmptyFolders(dir: string, stopAt: string): Promise<void> {
  for (let current = dir; current.startsWith(stopAt + path.sep); current = path.dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): the folders above are in use too
    }
  }
}
