import path from 'node:path';
import { LocalStorage } from './local-storage';
import type { S3StorageOptions } from './s3-storage';
import type { Storage } from './storage';

export interface StorageConfig {
  /** The server's data folder; the local store lives in `<dataDir>/storage`. */
  dataDir: string;
  /** Origin browsers reach the server at (local presigned URLs point there). */
  publicUrl: string;
  /** Signs local presigned URLs. */
  secret: string;
  /** When set, objects go to this S3-compatible bucket instead of the local folder. */
  s3?: S3StorageOptions;
}

/**
 * S3 when configured, otherwise the embedded local store (which needs `localStorageRoutes`). The AWS
 * SDK is loaded only for S3: a studio on local storage never spends its start on it.
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.s3) {
    const { S3Storage } = await import('./s3-storage');
    return new S3Storage(config.s3);
  }
  return new LocalStorage({
    root: path.join(config.dataDir, 'storage'),
    publicUrl: config.publicUrl,
    secret: config.secret,
  });
}
