import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import {
  DEFAULT_PRESIGN_EXPIRY_SECONDS,
  type CompletedPart,
  type PresignGetOptions,
  type Storage,
  type StoredObject,
  type StoredObjectStream,
} from './storage';
import { deleteS3Prefix } from './s3-delete-prefix';
import { attachmentDisposition } from './content-disposition';
import * as valid from './storage-validation';

export interface S3StorageOptions {
  bucket: string;
  /** For S3-compatible stores (R2, MinIO); omit for AWS. */
  endpoint?: string;
  region: string;
  /** Omit both to use the SDK's default credential chain (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` URLs instead of `bucket.host/key`; MinIO and most self-hosted stores need it. */
  forcePathStyle?: boolean;
  /** How long a finished PUT waits for its complete_upload before a sweep takes it (a day, as uploads). */
  pendingPutAgeMs?: number;
}

/** Storage on any S3-compatible object store, via the AWS SDK v3. */
export class S3Storage implements Storage {
  readonly bucket: string;
  readonly #client: S3Client;
  readonly #pendingPutAgeMs: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.#pendingPutAgeMs = options.pendingPutAgeMs ?? PENDING_PUT_AGE_MS;
    const { accessKeyId, secretAccessKey } = options;
    this.#client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // Otherwise the SDK adds CRC32 checksums to every request, and to presigned PUT URLs a checksum
      // of an empty body that the browser's real upload then fails; many S3-compatible stores also
      // reject the checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void> {
    this.#check(key, contentType);
    await this.#client.send(new PutObjectCommand({ ...this.#at(key), Body: body, ContentType: contentType }));
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    this.#check(key, contentType);
    const { size } = await stat(file);
    const Body = createReadStream(file);
    await this.#client.send(
      new PutObjectCommand({ ...this.#at(key), Body, ContentLength: size, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    valid.assertValidKey(key);
    const response = await this.#client.send(new GetObjectCommand(this.#at(key))).catch(nullWhenNotFound);
    if (!response?.Body) return null;
    const body = Buffer.from(await response.Body.transformToByteArray());
    return { body, contentType: response.ContentType ?? 'application/octet-stream', size: body.length };
  }

  async readHead(key: string, bytes: number): Promise<Buffer | null> {
    valid.assertValidKey(key);
    const response = await this.#client
      .send(new GetObjectCommand({ ...this.#at(key), Range: `bytes=0-${bytes - 1}` }))
      .catch((err: unknown) => {
        // An empty object has no byte 0: S3 answers 416, and the head is empty.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416)
          return { Body: undefined };
        return nullWhenNotFound(err);
      });
    if (!response) return null;
    return Buffer.from((await response.Body?.transformToByteArray()) ?? []);
  }

  async getStream(key: string): Promise<StoredObjectStream | null> {
    valid.assertValidKey(key);
    const response = await this.#client.send(new GetObjectCommand(this.#at(key))).catch(nullWhenNotFound);
    if (!response?.Body) return null;
    // In Node the SDK's body is the HTTP response itself: a Readable that is read as it arrives.
    const stream = response.Body as Readable;
    const contentType = response.ContentType ?? 'application/octet-stream';
    return { stream, size: response.ContentLength ?? 0, contentType };
  }

  async head(key: string) {
    valid.assertValidKey(key);
    const response = await this.#client.send(new HeadObjectCommand(this.#at(key))).catch(nullWhenNotFound);
    if (!response) return null;
    return {
      size: response.ContentLength ?? 0,
      contentType: response.ContentType ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    valid.assertValidKey(key);
    await this.#client.send(new DeleteObjectCommand(this.#at(key)));
  }

  async deletePrefix(prefix: string): Promise<void> {
    valid.assertValidPrefix(prefix);
    await deleteS3Prefix(this.#client, this.bucket, prefix);
  }

  /**
   * The browser's PUT goes to a pending key, never to `key` itself: here it is copied into place (inside
   * the store, no bytes pass through the server) and the pending object removed, so the URL, even used
   * again, can never replace the finished object.
   */
  async finishPut(key: string): Promise<void> {
    valid.assertValidKey(key);
    const pending = pendingPutKey(key);
    const source = `${this.bucket}/${pending.split('/').map(encodeURIComponent).join('/')}`;
    const copied = await this.#client
      .send(new CopyObjectCommand({ ...this.#at(key), CopySource: source }))
      .catch(nullWhenNotFound);
    if (copied) await this.delete(pending);
  }

  async presignPut(
    key: string,
    opts: { contentType: string; contentLength?: number; expiresInSeconds?: number },
  ) {
    this.#check(key, opts.contentType);
    // Content-Length and If-None-Match are signed: a different size, or a second use while the pending
    // object exists, is refused by the store itself; `finishPut` moves the bytes to `key`.
    const command = new PutObjectCommand({
      ...this.#at(pendingPutKey(key)),
      ContentType: opts.contentType,
      ContentLength: opts.contentLength,
      IfNoneMatch: '*',
    });
    return getSignedUrl(this.#client, command, {
      ...expiry(opts.expiresInSeconds),
      signableHeaders: SIGNED_PUT_HEADERS,
    });
  }

  async presignGet(key: string, opts: PresignGetOptions = {}) {
    valid.assertValidKey(key);
    const disposition =
      opts.downloadName === undefined ? undefined : attachmentDisposition(opts.downloadName);
    const command = new GetObjectCommand({ ...this.#at(key), ResponseContentDisposition: disposition });
    return getSignedUrl(this.#client, command, {
      ...expiry(opts.expiresInSeconds),
      ...(opts.signedAt && { signingDate: opts.signedAt }),
    });
  }

  async createMultipartUpload(key: string, contentType: string) {
    this.#check(key, contentType);
    const response = await this.#client.send(
      new CreateMultipartUploadCommand({ ...this.#at(key), ContentType: contentType }),
    );
    if (!response.UploadId) throw new Error(`The store returned no UploadId for ${key}`);
    return { uploadId: response.UploadId };
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    opts: { contentLength?: number; expiresInSeconds?: number } = {},
  ) {
    valid.assertValidKey(key);
    valid.assertValidPartNumber(partNumber);
    const command = new UploadPartCommand({
      ...this.#at(key),
      UploadId: uploadId,
      PartNumber: partNumber,
      ContentLength: opts.contentLength,
    });
    return getSignedUrl(this.#client, command, {
      ...expiry(opts.expiresInSeconds),
      signableHeaders: SIGNED_PUT_HEADERS,
    });
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    valid.assertValidKey(key);
    const ordered = [...parts].sort((a, b) => a.PartNumber - b.PartNumber); // S3 insists on ascending order
    await this.#client.send(
      new CompleteMultipartUploadCommand({
        ...this.#at(key),
        UploadId: uploadId,
        MultipartUpload: { Parts: ordered },
      }),
    );
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    valid.assertValidKey(key);
    // Aborting twice (or after completion) is not an error, as with the local store.
    await this.#client
      .send(new AbortMultipartUploadCommand({ ...this.#at(key), UploadId: uploadId }))
      .catch(nullWhenNotFound);
  }

  /**
   * Pending PUTs never finished (or sent again after their upload completed). The bucket keeps
   * unfinished multipart parts: they go with `abortMultipartUpload` (and a lifecycle rule).
   */
  async removeStaleTemporaryFiles(olderThan: Date): Promise<number> {
    // A finished PUT waits for its complete_upload as long as the upload lives (a day), not an hour.
    const before = new Date(Math.min(olderThan.getTime(), Date.now() - this.#pendingPutAgeMs));
    return deleteS3Prefix(this.#client, this.bucket, PENDING_PUTS, before);
  }

  #check(key: string, contentType: string): void {
    valid.assertValidKey(key);
    valid.assertValidContentType(contentType);
  }

  #at(key: string) {
    return { Bucket: this.bucket, Key: key };
  }
}

const PENDING_PUTS = 'pending-puts/';
const PENDING_PUT_AGE_MS = 24 * 60 * 60 * 1000;

/** Where a presigned PUT for `key` lands until `finishPut`. */
export const pendingPutKey = (key: string) => `${PENDING_PUTS}${key}`;

const SIGNED_PUT_HEADERS = new Set(['content-length', 'if-none-match']);

function expiry(expiresInSeconds: number | undefined) {
  return { expiresIn: valid.resolveExpirySeconds(expiresInSeconds, DEFAULT_PRESIGN_EXPIRY_SECONDS) };
}

function nullWhenNotFound(err: unknown): null {
  if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
  throw err;
}
