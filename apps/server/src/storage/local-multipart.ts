import { createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MIN_PART_SIZE, type CompletedPart } from './storage';
import { StorageRequestError } from './storage-errors';
import {
  moveIntoPlace,
  readJson,
  removeUntouchedSince,
  streamToTempFile,
  writeJsonToTempFile,
} from './local-files';

interface UploadRecord {
  key: string;
  contentType: string;
}

interface PartRecord {
  md5: string;
  size: number;
}

export interface AssembledUpload {
  contentType: string;
  /** Part files in PartNumber order, to be concatenated into the object. */
  files: string[];
  /** S3's multipart ETag: MD5 of the parts' binary MD5s, then "-<number of parts>". */
  etag: string;
}

/** The staging area of the local store's multipart uploads: `<root>/uploads/<uploadId>/`. */
export class LocalMultipartStaging {
  constructor(
    private readonly uploadsDir: string,
    private readonly tmpDir: string,
  ) {}

  async create(key: string, contentType: string): Promise<string> {
    const uploadId = randomBytes(16).toString('hex');
    const record: UploadRecord = { key, contentType };
    await moveIntoPlace(await writeJsonToTempFile(this.tmpDir, record), this.#file(uploadId, 'upload.json'));
    return uploadId;
  }

  async putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: { maxBytes?: number; exactBytes?: number },
  ) {
    await this.#requireUpload(key, uploadId);
    const part = await streamToTempFile(this.tmpDir, body, size.exactBytes ?? size.maxBytes);
    if (size.exactBytes !== undefined && part.size !== size.exactBytes) {
      await rm(part.file, { force: true });
      throw new StorageRequestError(`The part must be exactly ${size.exactBytes} bytes, as announced`, 400);
    }
    const record: PartRecord = { md5: part.md5, size: part.size };
    // The part lands before its record, so a recorded part is always complete.
    await moveIntoPlace(part.file, this.#file(uploadId, `${partNumber}.part`));
    await moveIntoPlace(
      await writeJsonToTempFile(this.tmpDir, record),
      this.#file(uploadId, `${partNumber}.json`),
    );
    return { etag: `"${part.md5}"` };
  }

  /** Checks the caller's part list against what was uploaded, as S3's CompleteMultipartUpload does. */
  async assemble(key: string, uploadId: string, parts: CompletedPart[]): Promise<AssembledUpload> {
    const upload = await this.#requireUpload(key, uploadId);
    if (parts.length === 0) throw new StorageRequestError('Complete needs at least one part', 400);
    const ordered = [...parts].sort((a, b) => a.PartNumber - b.PartNumber);
    const md5s: Buffer[] = [];
    for (const [index, part] of ordered.entries()) {
      if (index > 0 && ordered[index - 1]?.PartNumber === part.PartNumber) {
        throw new StorageRequestError(`Part ${part.PartNumber} is listed twice`, 400);
      }
      const record = Number.isInteger(part.PartNumber)
        ? await readJson<PartRecord>(this.#file(uploadId, `${part.PartNumber}.json`))
        : null;
      if (!record) throw new StorageRequestError(`Part ${part.PartNumber} was never uploaded`, 400);
      if (part.ETag.replaceAll('"', '') !== record.md5) {
        throw new StorageRequestError(
          `The ETag of part ${part.PartNumber} does not match the uploaded part`,
          400,
        );
      }
      if (index < ordered.length - 1 && record.size < MIN_PART_SIZE) {
        throw new StorageRequestError(
          `Part ${part.PartNumber} is smaller than 5 MiB and is not the last`,
          400,
        );
      }
      md5s.push(Buffer.from(record.md5, 'hex'));
    }
    const etag = `"${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${md5s.length}"`;
    const files = ordered.map((part) => this.#file(uploadId, `${part.PartNumber}.part`));
    return { contentType: upload.contentType, files, etag };
  }

  /** Staging folders of uploads nobody touched since `olderThan` (cut, never completed or aborted). */
  removeUntouchedSince(olderThan: Date): Promise<number> {
    return removeUntouchedSince(this.uploadsDir, olderThan);
  }

  async remove(uploadId: string): Promise<void> {
    if (!isUploadId(uploadId)) return;
    await rm(path.join(this.uploadsDir, uploadId), { recursive: true, force: true });
  }

  async #requireUpload(key: string, uploadId: string): Promise<UploadRecord> {
    const record = isUploadId(uploadId)
      ? await readJson<UploadRecord>(this.#file(uploadId, 'upload.json'))
      : null;
    if (!record || record.key !== key) {
      throw new StorageRequestError(
        'The multipart upload does not exist (completed, aborted or unknown)',
        404,
      );
    }
    return record;
  }

  #file(uploadId: string, name: string): string {
    return path.join(this.uploadsDir, uploadId, name);
  }
}

// Upload ids become folder names, so only our own 32-hex-digit ids are accepted.
function isUploadId(uploadId: string): boolean {
  return /^[0-9a-f]{32}$/.test(uploadId);
}
