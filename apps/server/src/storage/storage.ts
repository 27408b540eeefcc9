import type { Readable } from 'node:stream';

/** What `get` returns: the whole object in memory (for small objects such as thumbnails or JSON). */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

/** What `getStream` returns: the bytes as a stream, never held whole in memory (takes can be gigabytes). */
export interface StoredObjectStream extends StoredObjectInfo {
  stream: Readable;
}

export interface StoredObjectInfo {
  size: number;
  contentType: string;
}

export interface CompletedPart {
  ETag: string;
  PartNumber: number;
}

/**
 * Object storage as the server sees it. Browsers never talk to the server for bytes: they receive
 * presigned URLs (single PUT, multipart parts, GET) that work the same for S3 and the local store.
 */
export interface Storage {
  /** "local" for LocalStorage, the bucket name for S3. */
  readonly bucket: string;
  /** Write an object (server-side). */
  put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** Write an object from a file on disk, streamed (large files such as worker outputs). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Read an object fully, or null when missing. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<StoredObjectInfo | null>;
  /** The first `bytes` bytes (fewer when the object is shorter), read without the rest; null when missing. */
  readHead(key: string, bytes: number): Promise<Buffer | null>;
  /** Read an object as a stream (zips of takes), or null when missing. */
  getStream(key: string): Promise<StoredObjectStream | null>;
  /** A missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (used when a movie or user is removed). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A URL the browser PUTs the bytes to once: it must send exactly `contentType` as Content-Type and
   * `If-None-Match: *`, and with `contentLength` exactly that many bytes. The URL never replaces an
   * object (so it is dead once used), and a larger body is refused while it streams. The bytes are
   * read at `key` only after `finishPut(key)`.
   */
  presignPut(
    key: string,
    opts: { contentType: string; contentLength?: number; expiresInSeconds?: number },
  ): Promise<string>;
  /**
   * Puts a presigned PUT's bytes at `key` (at complete_upload); afterwards no use of the URL can change
   * `key`. Nothing happens when no bytes arrived.
   */
  finishPut(key: string): Promise<void>;
  /**
   * `signedAt`: the moment the expiry counts from (now when absent); one moment, key and expiry give the
   * same URL every time, so a worker's cache keyed by URL keeps the file.
   */
  presignGet(key: string, opts?: PresignGetOptions): Promise<string>;
  /**
   * Every part but the last will have exactly `partSize` bytes (at least 5 MiB): the local store
   * writes each part straight into its place in the object, so completing copies nothing.
   */
  createMultipartUpload(key: string, contentType: string, partSize: number): Promise<{ uploadId: string }>;
  /** Parts are at least 5 MiB except the last; the PUT response's ETag header goes into `complete`. */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    opts?: { contentLength?: number; expiresInSeconds?: number },
  ): Promise<string>;
  completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /**
   * Removes what cut uploads left behind on the server: temp files and multipart staging untouched
   * since `olderThan` (a live upload keeps writing, so it is never taken). Returns how many went.
   */
  removeStaleTemporaryFiles(olderThan: Date): Promise<number>;
}

/** One hour: long enough for a large upload on a slow line, short enough that a leaked URL dies. */
export const DEFAULT_PRESIGN_EXPIRY_SECONDS = 3600;
/** S3's own limits, enforced by the local store too so code that works locally works on S3. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10_000;

export interface PresignGetOptions {
  expiresInSeconds?: number;
  downloadName?: string;
  signedAt?: Date;
}
