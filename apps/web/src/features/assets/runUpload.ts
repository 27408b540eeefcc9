import type {
  AssetFileType,
  AssetMetadata,
  CompleteUploadBody,
  PresignUploadResponse,
  UserAsset,
} from '@cinegraph/contracts';
import { ApiError } from '../../lib/api';
import { uploadContentType } from './fileRules';
import {
  MULTIPART_PROGRESS_CAP,
  planUpload,
  PRESIGN_FAILED,
  SINGLE_PROGRESS_CAP,
  uploadPercent,
  type PartRange,
} from './uploadPlan';

/** What a PUT to storage answered. */
export interface PutResult {
  status: number;
  etag: string | null;
}

/** The calls an upload makes, injected so the flow is tested without a browser or a server. */
export interface UploadTransport {
  presign(query: {
    fileType: AssetFileType;
    filename: string;
    contentType: string;
    size: number;
  }): Promise<PresignUploadResponse>;
  presignPart(query: {
    bucket: string;
    s3_key: string;
    upload_id: string;
    part_number: number;
  }): Promise<string>;
  put(
    url: string,
    body: Blob,
    contentType: string | null,
    onProgress: (sent: number) => void,
  ): Promise<PutResult>;
  complete(body: CompleteUploadBody): Promise<UserAsset>;
  completeMultipart(
    body: CompleteUploadBody & {
      bucket: string;
      upload_id: string;
      parts: { ETag: string; PartNumber: number }[];
    },
  ): Promise<UserAsset>;
  abort(body: { bucket: string; s3_key: string; upload_id: string }): Promise<void>;
}

export interface UploadRequest {
  userId: string;
  fileType: AssetFileType;
  file: Blob & { name: string };
  metadata: AssetMetadata;
  onProgress(percent: number): void;
}

export const UPLOAD_FAILED = 'Failed to upload file';

/** An upload failure whose message is meant for the user (the spec's texts). */
export class UploadError extends Error {
  override name = 'UploadError';
}

/**
 * Sends a file straight to storage as the server directs (one presigned PUT, or presigned parts with
 * their ETags) and records it as an asset; a failed multipart upload is aborted. Resolves to the asset.
 */
export async function runUpload(transport: UploadTransport, request: UploadRequest): Promise<UserAsset> {
  const { file, fileType } = request;
  const contentType = uploadContentType(fileType, file.name);
  let answer: PresignUploadResponse;
  try {
    answer = await transport.presign({ fileType, filename: file.name, contentType, size: file.size });
  } catch {
    throw new UploadError(PRESIGN_FAILED);
  }
  let plan;
  try {
    plan = planUpload(answer, file.size);
  } catch {
    throw new UploadError(PRESIGN_FAILED);
  }
  const record: CompleteUploadBody = {
    user_id: request.userId,
    file_type: fileType,
    filename: file.name,
    s3_key: answer.s3_key,
    final_url: answer.final_url,
    file_size: file.size,
    content_type: contentType,
    metadata: request.metadata,
  };

  if (plan.kind === 'single') {
    const put = await putOrFail(transport, plan.presignedUrl, file, contentType, (sent) =>
      request.onProgress(uploadPercent(sent, file.size, SINGLE_PROGRESS_CAP)),
    );
    if (put.status < 200 || put.status >= 300) {
      throw new UploadError(`Failed to upload file to S3. Status: ${put.status}`);
    }
    return completeOrFail(() => transport.complete(record));
  }

  const ids = { bucket: answer.bucket, s3_key: answer.s3_key, upload_id: plan.uploadId };
  try {
    const parts = await sendParts(transport, ids, plan.parts, file, request.onProgress);
    return await completeOrFail(() => transport.completeMultipart({ ...record, ...ids, parts }));
  } catch (error) {
    // The parts already stored would linger otherwise; a failed abort changes nothing for the user.
    await transport.abort(ids).catch(() => undefined);
    throw error;
  }
}

async function sendParts(
  transport: UploadTransport,
  ids: { bucket: string; s3_key: string; upload_id: string },
  ranges: PartRange[],
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<{ ETag: string; PartNumber: number }[]> {
  const parts: { ETag: string; PartNumber: number }[] = [];
  const linkFor = (range: PartRange | undefined) => {
    const link = range && transport.presignPart({ ...ids, part_number: range.partNumber });
    // Awaited in its turn; until then a failure must not count as unhandled.
    link?.catch(() => undefined);
    return link;
  };
  let done = 0;
  let nextLink = linkFor(ranges[0]);
  for (const [index, range] of ranges.entries()) {
    let url: string;
    try {
      url = (await nextLink)!;
    } catch {
      throw new UploadError(PRESIGN_FAILED);
    }
    // The next part's link is asked for while this part uploads, so parts follow each other at once.
    nextLink = linkFor(ranges[index + 1]);
    const put = await putOrFail(transport, url, file.slice(range.start, range.end), null, (sent) =>
      onProgress(uploadPercent(done + sent, file.size, MULTIPART_PROGRESS_CAP)),
    );
    if (put.status < 200 || put.status >= 300) {
      throw new UploadError(`Failed to upload part ${range.partNumber}. Status: ${put.status}`);
    }
    if (!put.etag) throw new UploadError(`No ETag received for part ${range.partNumber}`);
    parts.push({ ETag: put.etag, PartNumber: range.partNumber });
    done += range.end - range.start;
    onProgress(uploadPercent(done, file.size, MULTIPART_PROGRESS_CAP));
  }
  return parts;
}

async function putOrFail(
  transport: UploadTransport,
  url: string,
  body: Blob,
  contentType: string | null,
  onProgress: (sent: number) => void,
): Promise<PutResult> {
  try {
    return await transport.put(url, body, contentType, onProgress);
  } catch {
    throw new UploadError(UPLOAD_FAILED);
  }
}

/** Records the upload; a refusal the server explains (a text file named .png) keeps its reason. */
async function completeOrFail(complete: () => Promise<UserAsset>): Promise<UserAsset> {
  try {
    return await complete();
  } catch (error) {
    throw new UploadError(error instanceof ApiError && error.status === 400 ? error.message : UPLOAD_FAILED);
  }
}
