import { UploadedSchema, type UploadedFile } from './answers';
import { ComfyHttpError } from './errors';
import { readBytes, readText, send, sendJson, type AnswerBody, type HttpCall, type HttpTarget } from './http';

/** A file on the worker, as `executed` and `/history` list it. */
export interface ViewFile {
  filename: string;
  subfolder?: string;
  type?: string;
}

/** Where and how `uploadImage` stores a file. */
export interface UploadOptions {
  subfolder?: string;
  type?: 'input' | 'temp' | 'output';
  overwrite?: boolean;
}

/** `POST /upload/image` (multipart `image`, `type`, `subfolder`, `overwrite`). */
export function uploadFile(
  http: HttpTarget,
  bytes: Uint8Array | ArrayBuffer | Blob,
  filename: string,
  options: UploadOptions & { timeoutMs: number },
): Promise<UploadedFile> {
  const form = new FormData();
  const blob = bytes instanceof Blob ? bytes : new Blob([new Uint8Array(bytes)]);
  form.append('image', blob, filename);
  form.append('type', options.type ?? 'input');
  if (options.subfolder) form.append('subfolder', options.subfolder);
  form.append('overwrite', options.overwrite ? 'true' : 'false');
  const call: HttpCall = { method: 'POST', path: '/upload/image', form, timeoutMs: options.timeoutMs };
  return sendJson(http, call, UploadedSchema);
}

/** A worker file being downloaded: read `body` as a stream (its size is only known once read). */
export interface ViewedFile {
  /** The bytes as chunks (a web `ReadableStream` fits); `cancel` when they are not all wanted. */
  body: AnswerBody;
  contentType: string;
  /** The announced length, when the worker sent one. */
  size: number | null;
}

/**
 * `GET /view`: the file's body as a stream and its declared content type; a missing file is a
 * `ComfyHttpError` 404. The caller reads the body with its own size limit (never whole into memory).
 */
export async function openViewFile(http: HttpTarget, file: ViewFile, timeoutMs: number): Promise<ViewedFile> {
  const { response } = await sendView(http, file, timeoutMs);
  const length = response.header('content-length');
  return {
    body: response.body,
    contentType: response.header('content-type') ?? 'application/octet-stream',
    size: length === null ? null : Number(length),
  };
}

/** `GET /view` read into memory, for small files: at most the client's `maxAnswerBytes`. */
export async function viewFile(
  http: HttpTarget,
  file: ViewFile,
  timeoutMs: number,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const { response, call } = await sendView(http, file, timeoutMs);
  const bytes = new Uint8Array(await readBytes(http, call, response));
  return { bytes, contentType: response.header('content-type') ?? 'application/octet-stream' };
}

async function sendView(http: HttpTarget, file: ViewFile, timeoutMs: number) {
  const query = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder ?? '' });
  query.set('type', file.type ?? 'output');
  const call: HttpCall = { path: `/view?${query}`, timeoutMs };
  const response = await send(http, call);
  if (!response.ok) {
    const text = await readText(http, call, response);
    throw new ComfyHttpError(http.baseUrl, `GET /view ${file.filename}`, response.status, text);
  }
  return { response, call };
}
