import { createHash } from 'node:crypto';
import { open, readFile, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  isMissing,
  moveIntoPlace,
  pruneEmptyFolders,
  readJson,
  streamToTempFile,
  writeTempFile,
} from './local-files';
import { SMALL_OBJECT_MAX_BYTES, writeSmallObject } from './local-small-writes';
import { mediaTypeOfName } from './media-types';
import { StorageRequestError } from './storage-errors';
import type { StoredObject, StoredObjectInfo } from './storage';
import { assertValidContentType, assertValidKey, assertValidPrefix } from './storage-validation';

export interface ByteRange {
  start: number;
  end: number; // inclusive, as in HTTP
}

interface ObjectMeta {
  contentType: string;
  etag: string;
}

const orNullWhenMissing = (err: unknown) => (isMissing(err) ? null : Promise.reject(err));

/**
 * The local store's objects on disk: `<root>/objects/<key>` holds the bytes and
 * `<root>/meta/<key>.json` the content type and ETag. Every key is validated here, at the file
 * system boundary, so no caller can reach outside the root.
 */
export class LocalObjects {
  readonly #objects: string;
  readonly #meta: string;

  constructor(
    root: string,
    private readonly tmpDir: string,
  ) {
    this.#objects = path.join(root, 'objects');
    this.#meta = path.join(root, 'meta');
  }

  /**
   * Streams an object in (temp file, then rename) and returns its ETag. `exactBytes`: the body must be
   * that long (400 otherwise); `createOnly`: an existing object is never replaced (412, as S3 answers
   * `If-None-Match: *`), decided atomically so two racing uploads cannot both win.
   */
  async write(
    key: string,
    source: Readable,
    contentType: string,
    opts: { maxBytes?: number; exactBytes?: number; createOnly?: boolean; etag?: string } = {},
  ) {
    assertValidKey(key);
    assertValidContentType(contentType);
    const data = await streamToTempFile(this.tmpDir, source, opts.exactBytes ?? opts.maxBytes);
    if (opts.exactBytes !== undefined && data.size !== opts.exactBytes) {
      await rm(data.file, { force: true });
      throw new StorageRequestError(`The upload must be exactly ${opts.exactBytes} bytes, as announced`, 400);
    }
    const etag = opts.etag ?? `"${data.digest}"`;
    await this.adopt(key, data.file, contentType, etag, { createOnly: opts.createOnly });
    return { etag };
  }

  /**
   * Writes an object held in memory. An object whose name states its media type (`.png` as image/png:
   * every take) gets no metadata file, a file created fewer per object, and no digest (its ETag comes
   * from its size and time, see #readMeta); others keep the digest a streamed write of these bytes gets
   * as their ETag. Small objects are written with synchronous calls (see `writeSmallObject`), larger
   * ones through a temp file as any other.
   */
  async writeBytes(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertValidKey(key);
    assertValidContentType(contentType);
    const named = mediaTypeOfName(key) === contentType;
    const etag = () => `"${createHash('sha256').update(bytes).digest('hex')}"`;
    if (bytes.byteLength <= SMALL_OBJECT_MAX_BYTES) {
      const place = { object: this.#objectPath(key), meta: this.#metaPath(key), tmpDir: this.tmpDir };
      writeSmallObject(place, bytes, named ? null : JSON.stringify({ contentType, etag: etag() }));
      return;
    }
    const file = await writeTempFile(this.tmpDir, bytes);
    if (!named) return this.adopt(key, file, contentType, etag());
    // An earlier version's metadata goes first: a crash in between serves the old bytes as the new type.
    try {
      await unlink(this.#metaPath(key));
    } catch (err) {
      if (!isMissing(err)) {
        await rm(file, { force: true });
        throw err;
      }
    }
    await moveIntoPlace(file, this.#objectPath(key));
  }

  /**
   * Makes a finished file on the same disk the object `key` by renaming it (no byte is copied);
   * `createOnly` as in `write`. The bytes go into place before their metadata: a crash in between
   * leaves an object served as opaque bytes, never metadata without its object.
   */
  async adopt(
    key: string,
    file: string,
    contentType: string,
    etag: string,
    opts: { createOnly?: boolean } = {},
  ) {
    assertValidKey(key);
    assertValidContentType(contentType);
    const meta: ObjectMeta = { contentType, etag };
    const metaFile = await writeTempFile(this.tmpDir, JSON.stringify(meta));
    try {
      await moveIntoPlace(file, this.#objectPath(key), { exclusive: opts.createOnly });
    } catch (err) {
      await unlink(metaFile).catch(() => {});
      throw err;
    }
    await moveIntoPlace(metaFile, this.#metaPath(key));
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    const body = await readFile(this.#objectPath(key)).catch((err: unknown) =>
      (err as NodeJS.ErrnoException).code === 'EISDIR' ? null : orNullWhenMissing(err),
    );
    if (!body) return null;
    return { body, contentType: (await this.#readMeta(key)).contentType, size: body.length };
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    assertValidKey(key);
    const info = await stat(this.#objectPath(key)).catch(orNullWhenMissing);
    if (!info?.isFile()) return null;
    return { size: info.size, contentType: (await this.#readMeta(key)).contentType };
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    assertValidKey(key);
    const handle = await open(this.#objectPath(key), 'r').catch(orNullWhenMissing);
    if (!handle) return null;
    try {
      if (!(await handle.stat()).isFile()) return null;
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** Opens an object for streaming; `pickRange` sees the size and may narrow (or refuse) the read. */
  async openRead(key: string, pickRange?: (size: number) => ByteRange | null) {
    assertValidKey(key);
    // Opening first pins the file: a concurrent overwrite renames a new file in, ours stays readable.
    const handle = await open(this.#objectPath(key), 'r').catch(orNullWhenMissing);
    if (!handle) return null;
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close(); // a folder of longer keys, not an object
        return null;
      }
      const range = pickRange ? pickRange(info.size) : null;
      const meta = await this.#readMeta(key, info);
      return { ...meta, size: info.size, range, stream: handle.createReadStream(range ?? {}) };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await rm(this.#objectPath(key), { force: true });
    await rm(this.#metaPath(key), { force: true });
    await pruneEmptyFolders(path.dirname(this.#objectPath(key)), this.#objects);
    await pruneEmptyFolders(path.dirname(this.#metaPath(key)), this.#meta);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    // Keys are paths, so a prefix is a folder plus the start of a name in it: "movies/4" matches the
    // entries of "movies/" whose names begin with "4", with everything below them.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const namePrefix = prefix.slice(folder.length);
    const objectsFolder = path.join(this.#objects, folder);
    const entries = (await readdir(objectsFolder, { withFileTypes: true }).catch(orNullWhenMissing)) ?? [];
    for (const entry of entries.filter((e) => e.name.startsWith(namePrefix))) {
      await rm(path.join(objectsFolder, entry.name), { recursive: true, force: true });
      const metaName = entry.isDirectory() ? entry.name : `${entry.name}.json`;
      await rm(path.join(this.#meta, folder, metaName), { recursive: true, force: true });
    }
    await pruneEmptyFolders(path.resolve(objectsFolder), this.#objects);
    await pruneEmptyFolders(path.resolve(this.#meta, folder), this.#meta);
  }

  /**
   * The object's metadata file, or else what its name says (written without one, or copied in by hand):
   * a media type of the closed list by its extension, opaque bytes otherwise; `version` (size and
   * modification time) makes its ETag then.
   */
  async #readMeta(key: string, version?: { size: number; mtimeMs: number }): Promise<ObjectMeta> {
    const meta = await readJson<ObjectMeta>(this.#metaPath(key));
    if (meta) return meta;
    const etag = version
      ? `W/"${version.size.toString(16)}-${Math.floor(version.mtimeMs).toString(16)}"`
      : '';
    return { contentType: mediaTypeOfName(key) ?? 'application/octet-stream', etag };
  }

  #objectPath(key: string): string {
    return path.join(this.#objects, key);
  }

  #metaPath(key: string): string {
    return path.join(this.#meta, `${key}.json`);
  }
}
