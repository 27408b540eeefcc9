import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageRequestError } from './storage-errors';

export function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function tempPath(tmpDir: string): string {
  return path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.tmp`);
}

/**
 * Streams `source` into a new temp file, counting bytes and hashing MD5 on the way (the MD5 is the
 * S3-style ETag). Refuses more than `maxBytes` with 413 and leaves no temp file behind.
 */
export async function streamToTempFile(
  tmpDir: string,
  source: Readable,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<{ file: string; md5: string; size: number }> {
  await mkdir(tmpDir, { recursive: true });
  const file = tempPath(tmpDir);
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new StorageRequestError(`The upload is larger than ${maxBytes} bytes`, 413));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(file));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return { file, md5: hash.digest('hex'), size };
}

export async function writeJsonToTempFile(tmpDir: string, value: unknown): Promise<string> {
  await mkdir(tmpDir, { recursive: true });
  const file = tempPath(tmpDir);
  await writeFile(file, JSON.stringify(value));
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
 * Moves a finished temp file to `dest` (atomic: readers see the old or the new file, never half).
 * Retries once because a concurrent delete may prune the freshly created parent folder.
 */
export async function moveIntoPlace(file: string, dest: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await mkdir(path.dirname(dest), { recursive: true });
    try {
      await rename(file, dest);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && attempt === 0) continue;
      await rm(file, { force: true });
      if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'ENOTEMPTY' || code === 'EEXIST') {
        throw new StorageRequestError('The key clashes with an existing key used as a folder', 409);
      }
      throw err;
    }
  }
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
