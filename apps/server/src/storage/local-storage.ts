import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { removeUntouchedSince } from './local-files';
import { LocalMultipartStaging } from './local-multipart';
import { LocalObjects } from './local-objects';
import { LocalUrlSigner, type SignedMethod, type UrlGrant, type Verification } from './local-url-signer';
import {
  DEFAULT_PRESIGN_EXPIRY_SECONDS,
  type CompletedPart,
  type PresignGetOptions,
  type Storage,
} from './storage';
import * as valid from './storage-validation';

export interface LocalStorageOptions {
  /** Folder holding everything, e.g. `./data/storage`. */
  root: string;
  /** Origin the browser reaches the server at, e.g. `http://localhost:3000`. */
  publicUrl: string;
  /** HMAC key for presigned URLs; keep it stable across restarts or issued URLs stop working. */
  secret: string;
}

/** Where the routes plugin must be registered, since presigned URLs point there. */
export const LOCAL_STORAGE_ROUTE_PREFIX = '/storage';

/** The embedded object store: a folder on disk, served by `localStorageRoutes` with signed URLs. */
export class LocalStorage implements Storage {
  readonly bucket = 'local';
  /** Object reads and writes on disk; the routes plugin streams through these. */
  readonly objects: LocalObjects;
  readonly #publicUrl: string;
  readonly #signer: LocalUrlSigner;
  readonly #staging: LocalMultipartStaging;
  readonly #tmpDir: string;

  constructor(options: LocalStorageOptions) {
    const root = path.resolve(options.root);
    const tmpDir = path.join(root, 'tmp'); // inside the root so the final rename stays atomic
    this.objects = new LocalObjects(root, tmpDir);
    this.#tmpDir = tmpDir;
    this.#staging = new LocalMultipartStaging(path.join(root, 'uploads'), tmpDir);
    this.#publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.#signer = new LocalUrlSigner(options.secret);
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void> {
    await this.objects.writeBytes(key, body, contentType);
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    await this.objects.write(key, createReadStream(file), contentType);
  }

  get = (key: string) => this.objects.get(key);
  head = (key: string) => this.objects.head(key);
  readHead = (key: string, bytes: number) => this.objects.readHead(key, bytes);

  async getStream(key: string) {
    const opened = await this.objects.openRead(key);
    return opened && { stream: opened.stream, size: opened.size, contentType: opened.contentType };
  }
  delete = (key: string) => this.objects.delete(key);
  deletePrefix = (prefix: string) => this.objects.deletePrefix(prefix);

  async presignPut(
    key: string,
    opts: { contentType: string; contentLength?: number; expiresInSeconds?: number },
  ) {
    valid.assertValidContentType(opts.contentType);
    const { contentType, contentLength } = opts;
    return this.#presign({ method: 'PUT', key, contentType, contentLength }, opts.expiresInSeconds);
  }

  /** The local store writes a PUT in place once and refuses any later one: nothing to move. */
  async finishPut(key: string): Promise<void> {
    valid.assertValidKey(key);
  }

  async presignGet(key: string, opts: PresignGetOptions = {}) {
    const grant = { method: 'GET' as const, key, downloadName: opts.downloadName };
    return this.#presign(grant, opts.expiresInSeconds, opts.signedAt);
  }

  async createMultipartUpload(key: string, contentType: string, partSize: number) {
    valid.assertValidKey(key);
    valid.assertValidContentType(contentType);
    return { uploadId: await this.#staging.create(key, contentType, partSize) };
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    opts: { contentLength?: number; expiresInSeconds?: number } = {},
  ) {
    valid.assertValidPartNumber(partNumber);
    const { contentLength } = opts;
    return this.#presign({ method: 'PUT', key, uploadId, partNumber, contentLength }, opts.expiresInSeconds);
  }

  /** Stores one part of a multipart upload (the routes call this for a presigned part PUT). */
  async putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: { maxBytes?: number; exactBytes?: number },
  ) {
    valid.assertValidKey(key);
    valid.assertValidPartNumber(partNumber);
    return this.#staging.putPart(key, uploadId, partNumber, body, size);
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    valid.assertValidKey(key);
    await this.#staging.complete(key, uploadId, parts, (upload) =>
      this.objects.adopt(key, upload.file, upload.contentType, upload.etag),
    );
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    valid.assertValidKey(key);
    await this.#staging.remove(uploadId);
  }

  async removeStaleTemporaryFiles(olderThan: Date): Promise<number> {
    return (
      (await removeUntouchedSince(this.#tmpDir, olderThan)) +
      (await this.#staging.removeUntouchedSince(olderThan))
    );
  }

  /** Checks a request against the signature in its query (used by the routes plugin). */
  verifyUrl(method: SignedMethod, key: string, query: Record<string, string | undefined>): Verification {
    return this.#signer.verify(method, key, query);
  }

  #presign(
    grant: Omit<UrlGrant, 'expires'>,
    expiresInSeconds: number | undefined,
    signedAt = new Date(),
  ): string {
    valid.assertValidKey(grant.key);
    const seconds = valid.resolveExpirySeconds(expiresInSeconds, DEFAULT_PRESIGN_EXPIRY_SECONDS);
    const query = this.#signer.sign({ ...grant, expires: Math.floor(signedAt.getTime() / 1000) + seconds });
    const encodedKey = grant.key.split('/').map(encodeURIComponent).join('/');
    return `${this.#publicUrl}${LOCAL_STORAGE_ROUTE_PREFIX}/${encodedKey}?${query.toString()}`;
  }
}
