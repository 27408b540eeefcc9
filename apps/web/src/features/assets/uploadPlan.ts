import type { PresignUploadResponse } from '@cinegraph/contracts';

/** Multipart progress stays at this share until every part is in and the upload is complete. */
export const MULTIPART_PROGRESS_CAP = 90;
/** A single upload shows at most this until the server has recorded the file. */
export const SINGLE_PROGRESS_CAP = 99;

export interface PartRange {
  partNumber: number;
  start: number;
  end: number;
}

export type UploadPlan =
  { kind: 'single'; presignedUrl: string } | { kind: 'multipart'; uploadId: string; parts: PartRange[] };

export const PRESIGN_FAILED = 'Failed to get presigned URL';

/** How to send a file of `size` bytes, from the server's answer to the upload request. */
export function planUpload(answer: PresignUploadResponse, size: number): UploadPlan {
  if (answer.upload_type === 'multipart') {
    if (!answer.upload_id || !answer.part_size || answer.part_size < 1) throw new Error(PRESIGN_FAILED);
    return { kind: 'multipart', uploadId: answer.upload_id, parts: partRanges(size, answer.part_size) };
  }
  if (!answer.presigned_url) throw new Error(PRESIGN_FAILED);
  return { kind: 'single', presignedUrl: answer.presigned_url };
}

/** The byte ranges of the parts, numbered from 1; the last part holds the remainder. */
export function partRanges(size: number, partSize: number): PartRange[] {
  const parts: PartRange[] = [];
  for (let start = 0, partNumber = 1; start < size; start += partSize, partNumber += 1) {
    parts.push({ partNumber, start, end: Math.min(size, start + partSize) });
  }
  return parts;
}

/** The percentage shown while bytes go out: capped, because completing the upload is still to come. */
export function uploadPercent(sentBytes: number, totalBytes: number, cap: number): number {
  if (totalBytes <= 0) return 0;
  return Math.min(cap, Math.max(0, Math.floor((sentBytes / totalBytes) * 100)));
}
