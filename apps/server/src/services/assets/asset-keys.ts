import { randomUUID } from 'node:crypto';
import { safeFilename } from './file-rules';

/** Everything a user uploads lives under their own prefix, one folder per asset (file + poster). */
export function newAssetKey(userId: string, filename: string): string {
  return `${assetFolderPrefix(userId)}${randomUUID()}/${safeFilename(filename)}`;
}

export function assetFolderPrefix(userId: string): string {
  return `users/${userId}/assets/`;
}

/** The folder of one asset: its key without the file name. */
export function assetFolder(key: string): string {
  return key.slice(0, key.lastIndexOf('/') + 1);
}

/** Whether `key` is an asset key of this user (and not, say, a path that climbs out of it). */
export function isUserAssetKey(userId: string, key: string): boolean {
  const prefix = assetFolderPrefix(userId);
  if (!key.startsWith(prefix)) return false;
  const rest = key.slice(prefix.length).split('/');
  return rest.length === 2 && rest.every((part) => part !== '' && part !== '.' && part !== '..');
}
