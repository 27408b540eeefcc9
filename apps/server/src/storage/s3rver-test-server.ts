import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage, type S3StorageOptions } from './s3-storage';

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  /** An S3Storage on its bucket. */
  storage: S3Storage;
  /** Another S3Storage on the bucket, with other options. */
  storageWith(options: Partial<S3StorageOptions>): S3Storage;
  stop(): Promise<void>;
}

/**
 * Starts s3rver (an S3 look-alike) on a free port with one bucket, for the S3Storage tests.
 * s3rver 3.7 has no AbortMultipartUpload (it answers 405), so a small middleware put in front of its
 * router does what S3 does: drop the upload's staged parts and answer 204; another decodes a copy's
 * source as S3 does.
 */
export async function startS3rver(bucket = 'test-bucket'): Promise<RunningS3rver> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cinegraph-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // s3rver reads x-amz-copy-source with decodeURI, which leaves %2B and the like encoded; S3 decodes
  // the whole header (a key's "+" must be sent as %2B). Re-encoded here so s3rver finds the same key.
  server.middleware.unshift(async (ctx, next) => {
    const source = ctx.headers['x-amz-copy-source'];
    if (typeof source === 'string') ctx.headers['x-amz-copy-source'] = encodeURI(decodeURIComponent(source));
    return next();
  });
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query['uploadId'];
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !/^[0-9a-f]+$/.test(uploadId))
      return next();
    const bucketName = ctx.path.split('/')[1] ?? '';
    const uploads = server.store.getResourcePath(decodeURIComponent(bucketName), undefined, 'uploads');
    await rm(path.join(uploads, uploadId), { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storageWith = (options: Partial<S3StorageOptions>) =>
    new S3Storage({
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      ...options,
    });
  return {
    endpoint,
    bucket,
    storage: storageWith({}),
    storageWith,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
