import { open, type FileHandle } from 'node:fs/promises';
import { SNIFF_BYTES, sniffMediaType } from './media-types';

/**
 * The length in seconds a media file's container header states: MP4's `mvhd` (the `moov` box found
 * wherever it sits, head or tail), WebM's `Info/Duration`, WAV's data size over its byte rate. Null
 * when the container does not say (a WebM written to a pipe has no Duration) or the file is not one of
 * these. Only box and element headers are read, never the media itself, so a gigabyte take costs a few
 * small reads; the file comes from an untrusted worker, so every size is checked against the file's.
 */
export async function mediaLengthSeconds(file: string, type: string): Promise<number | null> {
  if (!Object.hasOwn(READERS, type)) return null;
  const handle = await open(file, 'r');
  try {
    return await lengthOf(new LocalFile(handle, (await handle.stat()).size), type);
  } finally {
    await handle.close();
  }
}

/**
 * The same, of a stored object read over its (short-lived) address with HTTP range requests, a few
 * kilobytes at a time; its type is what its first bytes prove. What the export falls back on for a
 * take stored before its length was kept.
 */
export async function mediaLengthSecondsAt(url: string, size: number): Promise<number | null> {
  const source = new RangeReader(url, size);
  const type = await source.read(0, Math.min(SNIFF_BYTES, size)).then(sniffMediaType, () => null);
  return type && Object.hasOwn(READERS, type) ? lengthOf(source, type) : null;
}

async function lengthOf(source: ByteSource, type: string): Promise<number | null> {
  try {
    const seconds = await READERS[type]!(source);
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    // A header that lies about its sizes, or an address that stopped answering: the length is unknown.
    return null;
  }
}

const READERS: Record<string, (file: ByteSource) => Promise<number | null>> = {
  'video/mp4': (file) => mp4Seconds(file),
  'video/webm': (file) => webmSeconds(file),
  'audio/wav': (file) => wavSeconds(file),
};

/** No real file has more boxes or elements than this before the one we look for. */
const MAX_STEPS = 512;

/** Random access to a media file's bytes; a read past the end throws. */
interface ByteSource {
  readonly size: number;
  read(at: number, length: number): Promise<Buffer>;
}

class LocalFile implements ByteSource {
  constructor(
    private handle: FileHandle,
    readonly size: number,
  ) {}

  async read(at: number, length: number): Promise<Buffer> {
    if (at < 0 || at + length > this.size) throw new RangeError('beyond the end of the file');
    const { buffer, bytesRead } = await this.handle.read(Buffer.alloc(length), 0, length, at);
    if (bytesRead !== length) throw new RangeError('short read');
    return buffer;
  }
}

/** Headers sit close together: each range request fetches a block and the next reads come from it. */
const RANGE_BLOCK = 16 * 1024;
const RANGE_TIMEOUT_MS = 20_000;

class RangeReader implements ByteSource {
  private block = { start: 0, bytes: Buffer.alloc(0) };

  constructor(
    private url: string,
    readonly size: number,
  ) {}

  async read(at: number, length: number): Promise<Buffer> {
    if (at < 0 || at + length > this.size) throw new RangeError('beyond the end of the file');
    const { start, bytes } = this.block;
    if (at < start || at + length > start + bytes.length) {
      const end = Math.min(this.size, at + Math.max(length, RANGE_BLOCK)) - 1;
      const response = await fetch(this.url, {
        headers: { Range: `bytes=${at}-${end}` },
        signal: AbortSignal.timeout(RANGE_TIMEOUT_MS),
      });
      // A server that ignores the range would send the whole file: refuse it rather than read it.
      if (response.status !== 206) {
        await response.body?.cancel();
        throw new Error(`range request answered ${response.status}`);
      }
      this.block = { start: at, bytes: Buffer.from(await response.arrayBuffer()) };
    }
    const from = at - this.block.start;
    const slice = this.block.bytes.subarray(from, from + length);
    if (slice.length !== length) throw new RangeError('short read');
    return slice;
  }
}

// --- MP4 (ISO base media): boxes of size(4) type(4), size 1 = a 64-bit size follows, 0 = to the end.

interface Box {
  type: string;
  /** Where the box's content starts. */
  body: number;
  end: number;
}

async function* boxes(file: ByteSource, start: number, end: number): AsyncGenerator<Box> {
  let at = start;
  for (let step = 0; at + 8 <= end && step < MAX_STEPS; step++) {
    const head = await file.read(at, 8);
    let size = head.readUInt32BE(0);
    let body = at + 8;
    if (size === 1) {
      size = Number((await file.read(at + 8, 8)).readBigUInt64BE(0));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end) return;
    yield { type: head.toString('latin1', 4, 8), body, end: at + size };
    at += size;
  }
}

async function findBox(file: ByteSource, start: number, end: number, type: string) {
  for await (const box of boxes(file, start, end)) if (box.type === type) return box;
  return null;
}

async function mp4Seconds(file: ByteSource): Promise<number | null> {
  const moov = await findBox(file, 0, file.size, 'moov');
  const mvhd = moov && (await findBox(file, moov.body, moov.end, 'mvhd'));
  if (!mvhd) return null;
  const version = (await file.read(mvhd.body, 1))[0];
  // version 0: created(4) modified(4) timescale(4) duration(4); version 1: 8, 8, 4, 8.
  const fields = await file.read(mvhd.body + 4, version === 1 ? 28 : 16);
  const timescale = fields.readUInt32BE(version === 1 ? 16 : 8);
  const duration = version === 1 ? Number(fields.readBigUInt64BE(20)) : fields.readUInt32BE(12);
  // All ones means "unknown" (a fragmented file still being written).
  const unknown = version === 1 ? duration >= 2 ** 64 - 1 : duration === 0xffffffff;
  return timescale > 0 && !unknown ? duration / timescale : null;
}

// --- WebM (Matroska's EBML): elements of ID (1-4 bytes, marker kept) and size (1-8 bytes, marker dropped).

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

interface Element {
  id: number;
  body: number;
  /** The end of the element, or of its parent when its size is unknown (a live stream's Segment). */
  end: number;
}

async function vint(file: ByteSource, at: number, keepMarker: boolean) {
  const first = (await file.read(at, 1))[0]!;
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8) throw new RangeError('not an EBML number');
  const bytes = await file.read(at, length);
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[i]!;
  const allOnes = !keepMarker && value === 2 ** (7 * length) - 1;
  return { value, length, unknown: allOnes };
}

async function* elements(file: ByteSource, start: number, end: number): AsyncGenerator<Element> {
  let at = start;
  for (let step = 0; at < end && step < MAX_STEPS; step++) {
    const id = await vint(file, at, true);
    const size = await vint(file, at + id.length, false);
    const body = at + id.length + size.length;
    const elementEnd = size.unknown ? end : body + size.value;
    if (elementEnd > end) return;
    yield { id: id.value, body, end: elementEnd };
    at = elementEnd;
  }
}

async function webmSeconds(file: ByteSource): Promise<number | null> {
  let segment: Element | null = null;
  for await (const element of elements(file, 0, file.size)) {
    if (element.id === SEGMENT) segment = element;
    if (element.id !== EBML) break;
  }
  if (!segment) return null;
  for await (const child of elements(file, segment.body, segment.end)) {
    // Info comes before the first Cluster in every muxer's output; past it there is only media.
    if (child.id === CLUSTER) return null;
    if (child.id === INFO) return infoSeconds(file, child);
  }
  return null;
}

async function infoSeconds(file: ByteSource, info: Element): Promise<number | null> {
  let scale = 1_000_000; // nanoseconds per tick, Matroska's default
  let duration: number | null = null;
  for await (const field of elements(file, info.body, info.end)) {
    if (field.id !== TIMESTAMP_SCALE && field.id !== DURATION) continue;
    const bytes = await file.read(field.body, Math.min(field.end - field.body, 8));
    if (field.id === TIMESTAMP_SCALE && bytes.length >= 1 && bytes.length <= 6)
      scale = bytes.readUIntBE(0, bytes.length);
    if (field.id === DURATION && bytes.length === 4) duration = bytes.readFloatBE(0);
    if (field.id === DURATION && bytes.length === 8) duration = bytes.readDoubleBE(0);
  }
  return duration === null ? null : (duration * scale) / 1e9;
}

// --- WAV (RIFF): chunks of id(4) size(4, little-endian), padded to even sizes.

async function wavSeconds(file: ByteSource): Promise<number | null> {
  let byteRate = 0;
  let at = 12;
  for (let step = 0; at + 8 <= file.size && step < MAX_STEPS; step++) {
    const head = await file.read(at, 8);
    const id = head.toString('latin1', 0, 4);
    const size = head.readUInt32LE(4);
    if (id === 'fmt ' && size >= 16) byteRate = (await file.read(at + 8, 16)).readUInt32LE(8);
    // A WAV written to a pipe leaves the data size at 0 or all ones: the rest of the file is the data.
    if (id === 'data') {
      const bytes =
        size === 0 || size === 0xffffffff ? file.size - at - 8 : Math.min(size, file.size - at - 8);
      return byteRate > 0 ? bytes / byteRate : null;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}
