import type { ByteRange } from './local-objects';

/** The requested range starts past the end of the object (HTTP 416). */
export class UnsatisfiableRangeError extends Error {
  constructor(readonly size: number) {
    super('The requested range is outside the object');
    this.name = 'UnsatisfiableRangeError';
  }
}

/**
 * Resolves a single-range `Range: bytes=...` header against an object's size. Anything else
 * (multiple ranges, other units, nonsense) yields null, i.e. the whole object, which HTTP allows.
 */
export function resolveByteRange(header: string | undefined, size: number): ByteRange | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // "bytes=-N": the last N bytes
    const length = Number(last);
    if (length === 0 || size === 0) throw new UnsatisfiableRangeError(size);
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) throw new UnsatisfiableRangeError(size);
  return end < start ? null : { start, end };
}
