import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, truncate, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MIN_PART_SIZE, type CompletedPart } from './storage';
import { StorageRequestError } from './storage-errors';
import {
  isMissing,
  moveIntoPlace,
  readJson,
  removeUntouchedSince,
  streamIntoFileAt,
  writeTempFile,
} from './local-files';

interface UploadRecord {
  key: string;
  contentType: string;
  /** Every part but the last has exactly this many bytes, so part N starts at (N - 1) * partSize. */
  partSize: number;
}

interface PartRecord {
  /** SHA-256 of the part's bytes, hex: its ETag. */
  digest: string;
  size: number;
}

export interface AssembledUpload {
  contentType: string;
  /** The object's bytes, complete: each part was written at its place as it arrived. */
  file: string;
  /** As S3's multipart ETag: a hash of the parts' digests, then "-<number of parts>". */
  etag: string;
}

/** What is under way on one upload in this process: parts being written, or the upload completing. */
interface Activity {
  writing: Set<number>;
  completing: boolean;
}

/**
 * The staging area of the local store's multipart uploads: `<root>/uploads/<uploadId>/` holds
 * `data`, the object being built, and one `<N>.json` record per finished part. Parts stream
 * straight to their offset in `data`, each hashed on its own on the way, so completing checks the
 * records and renames the file: no byte is copied or read again, whatever the size.
 */
export class LocalMultipartStaging {
  // One server process owns the store, so in-memory bookkeeping is enough to keep a part from being
  // rewritten while the same part or the whole upload is being completed.
  readonly #activity = new Map<string, Activity>();
  // upload.json never changes and every part needs it: read from disk once, then from memory.
  readonly #records = new Map<string, UploadRecord>();

  constructor(
    private readonly uploadsDir: string,
    private readonly tmpDir: string,
  ) {}

  async create(key: string, contentType: string, partSize: number): Promise<string> {
    if (!Number.isSafeInteger(partSize) || partSize < MIN_PART_SIZE) {
      throw new StorageRequestError('The part size must be at least 5 MiB', 400);
    }
    const uploadId = randomBytes(16).toString('hex');
    await mkdir(path.join(this.uploadsDir, uploadId), { recursive: true });
    await writeFile(this.#file(uploadId, 'data'), '');
    const record: UploadRecord = { key, contentType, partSize };
    await moveIntoPlace(
      await writeTempFile(this.tmpDir, JSON.stringify(record)),
      this.#file(uploadId, 'upload.json'),
    );
    this.#records.set(uploadId, record);
    return uploadId;
  }

  async putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: { maxBytes?: number; exactBytes?: number },
  ) {
    const upload = await this.#requireUpload(key, uploadId);
    const activity = this.#activityOf(uploadId);
    if (activity.completing) throw new StorageRequestError('The upload is being completed', 409);
    if (activity.writing.has(partNumber)) {
      throw new StorageRequestError(`Part ${partNumber} is already being uploaded`, 409);
    }
    activity.writing.add(partNumber);
    try {
      // The old record goes first: it must never vouch for bytes that are being rewritten.
      await unlink(this.#file(uploadId, `${partNumber}.json`)).catch(ignoreMissing);
      // A part may not spill into the next one's place.
      const limit = Math.min(upload.partSize, size.exactBytes ?? size.maxBytes ?? upload.partSize);
      const offset = (partNumber - 1) * upload.partSize;
      const part = await streamIntoFileAt(this.#file(uploadId, 'data'), offset, body, limit);
      if (size.exactBytes !== undefined && part.size !== size.exactBytes) {
        throw new StorageRequestError(`The part must be exactly ${size.exactBytes} bytes, as announced`, 400);
      }
      await this.#writePartRecord(uploadId, partNumber, { digest: part.digest, size: part.size });
      return { etag: `"${part.digest}"` };
    } finally {
      this.#release(uploadId, () => activity.writing.delete(partNumber));
    }
  }

  /**
   * Checks the caller's part list against what was uploaded, as S3's CompleteMultipartUpload does,
   * and hands the finished file to `adopt` (which moves it into place). Parts must be 1 to N.
   */
  async complete(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
    adopt: (upload: AssembledUpload) => Promise<void>,
  ): Promise<void> {
    const upload = await this.#requireUpload(key, uploadId);
    const activity = this.#activityOf(uploadId);
    if (activity.completing || activity.writing.size > 0) {
      throw new StorageRequestError('A part of this upload is still being sent', 409);
    }
    activity.completing = true;
    try {
      const { digests, size } = await this.#checkParts(uploadId, upload.partSize, parts);
      const etag = `"${createHash('sha256').update(Buffer.concat(digests)).digest('hex')}-${digests.length}"`;
      const file = this.#file(uploadId, 'data');
      // Parts uploaded but left out of the list may lie past the end: cut them off.
      await truncate(file, size);
      await adopt({ contentType: upload.contentType, file, etag });
      await this.remove(uploadId);
    } finally {
      this.#release(uploadId, () => (activity.completing = false));
    }
  }

  async #checkParts(uploadId: string, partSize: number, parts: CompletedPart[]) {
    if (parts.length === 0) throw new StorageRequestError('Complete needs at least one part', 400);
    const ordered = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
    // Parts are laid out by number, so a gap would leave a hole in the file.
    if (ordered.some((part, index) => part.PartNumber !== index + 1)) {
      throw new StorageRequestError(`The parts must be numbered 1 to ${ordered.length}, each once`, 400);
    }
    const digests: Buffer[] = [];
    let size = 0;
    for (const [index, part] of ordered.entries()) {
      const record = await readJson<PartRecord>(this.#file(uploadId, `${part.PartNumber}.json`));
      if (!record) throw new StorageRequestError(`Part ${part.PartNumber} was never uploaded`, 400);
      if (part.ETag.replaceAll('"', '') !== record.digest) {
        throw new StorageRequestError(
          `The ETag of part ${part.PartNumber} does not match the uploaded part`,
          400,
        );
      }
      if (index < ordered.length - 1 && record.size !== partSize) {
        throw new StorageRequestError(
          `Part ${part.PartNumber} is ${record.size} bytes: every part but the last must be ${partSize}`,
          400,
        );
      }
      digests.push(Buffer.from(record.digest, 'hex'));
      size += record.size;
    }
    return { digests, size };
  }

  /** Staging folders of uploads nobody touched since `olderThan` (cut, never completed or aborted). */
  removeUntouchedSince(olderThan: Date): Promise<number> {
    this.#records.clear();
    return removeUntouchedSince(this.uploadsDir, olderThan);
  }

  async remove(uploadId: string): Promise<void> {
    if (!isUploadId(uploadId)) return;
    this.#records.delete(uploadId);
    await rm(path.join(this.uploadsDir, uploadId), { recursive: true, force: true });
  }

  /** Written beside, then renamed over: a record is whole or absent. 404 once the upload is gone. */
  async #writePartRecord(uploadId: string, partNumber: number, record: PartRecord): Promise<void> {
    const file = this.#file(uploadId, `${partNumber}.json`);
    try {
      await writeFile(`${file}.tmp`, JSON.stringify(record));
      await rename(`${file}.tmp`, file);
    } catch (err) {
      if (isMissing(err)) throw missingUpload();
      throw err;
    }
  }

  async #requireUpload(key: string, uploadId: string): Promise<UploadRecord> {
    let record = isUploadId(uploadId) ? (this.#records.get(uploadId) ?? null) : null;
    if (!record && isUploadId(uploadId)) {
      record = await readJson<UploadRecord>(this.#file(uploadId, 'upload.json'));
      if (record) this.#records.set(uploadId, record);
    }
    if (!record || record.key !== key) throw missingUpload();
    return record;
  }

  #activityOf(uploadId: string): Activity {
    let activity = this.#activity.get(uploadId);
    if (!activity) {
      activity = { writing: new Set(), completing: false };
      this.#activity.set(uploadId, activity);
    }
    return activity;
  }

  #release(uploadId: string, change: () => void): void {
    change();
    const activity = this.#activity.get(uploadId);
    if (activity && !activity.completing && activity.writing.size === 0) this.#activity.delete(uploadId);
  }

  #file(uploadId: string, name: string): string {
    return path.join(this.uploadsDir, uploadId, name);
  }
}

// Upload ids become folder names, so only our own 32-hex-digit ids are accepted.
function isUploadId(uploadId: string): boolean {
  return /^[0-9a-f]{32}$/.test(uploadId);
}

const missingUpload = () =>
  new StorageRequestError('The multipart upload does not exist (completed, aborted or unknown)', 404);

const ignoreMissing = (err: unknown) => (isMissing(err) ? undefined : Promise.reject(err));
