import { MAX_PART_NUMBER } from './storage';

/** Thrown for a key or prefix that could escape the storage root or that S3 would treat differently. */
export class StorageKeyError extends Error {
  constructor(key: string, reason: string) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${reason}`);
    this.name = 'StorageKeyError';
  }
}

// S3 allows 1024 bytes; one segment must also fit a file name (255 bytes) with the ".json" sidecar.
const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 200;

function problemWith(key: string, allowTrailingSlash: boolean): string | null {
  if (key.length === 0) return 'it is empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `it is longer than ${MAX_KEY_BYTES} bytes`;
  if (key.startsWith('/')) return 'it starts with "/"';
  if (key.includes('\\')) return 'it contains a backslash';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'it contains a NUL or control character';
  const segments = key.split('/');
  if (allowTrailingSlash && segments.length > 1 && segments.at(-1) === '') segments.pop();
  for (const segment of segments) {
    if (segment === '') return 'it contains an empty path segment ("//" or a trailing "/")';
    if (segment === '.' || segment === '..') return `it contains a "${segment}" segment`;
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      return `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`;
    }
  }
  return null;
}

/** Throws StorageKeyError unless `key` is a safe object key such as `movies/42/shots/7.png`. */
export function assertValidKey(key: string): void {
  const problem = problemWith(key, false);
  if (problem) throw new StorageKeyError(key, problem);
}

/** Like assertValidKey, but a prefix may end with "/" (`movies/42/`). */
export function assertValidPrefix(prefix: string): void {
  const problem = problemWith(prefix, true);
  if (problem) throw new StorageKeyError(prefix, problem);
}

/** Content types end up in response headers, so a line break would let a caller inject headers. */
export function assertValidContentType(contentType: string): void {
  if (!/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(contentType)) {
    throw new Error(`Invalid content type ${JSON.stringify(contentType.slice(0, 100))}`);
  }
}

/** S3 caps presigned URLs at 7 days; the local store follows so both behave the same. */
export function resolveExpirySeconds(expiresInSeconds: number | undefined, fallback: number): number {
  const seconds = expiresInSeconds ?? fallback;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 604_800) {
    throw new RangeError(`expiresInSeconds must be an integer from 1 to 604800, got ${seconds}`);
  }
  return seconds;
}

export function assertValidPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new RangeError(`partNumber must be an integer from 1 to ${MAX_PART_NUMBER}, got ${partNumber}`);
  }
}
