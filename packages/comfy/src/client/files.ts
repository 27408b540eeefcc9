import { UploadedSchema, type UploadedFile } from './answers';
import { ComfyHttpError, ComfyUnavailableError } from './errors';
import { readText, send, sendJson, type HttpCall, type HttpTarget } from './http';

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

/** `GET /view`: the file's bytes and content type; a missing file is a `ComfyHttpError` 404. */
export async function viewFile(
  http: HttpTarget,
  file: ViewFile,
  timeoutMs: number,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const query = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder ?? '' });
  query.set('type', file.type ?? 'output');
  const call: HttpCall = { path: `/view?${query}`, timeoutMs };
  const response = await send(http, call);
  if (!response.ok) {
    const text = await readText(http, call, response);
    throw new ComfyHttpError(http.baseUrl, `GET /view ${file.filename}`, response.status, text);
  }
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { bytes, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ComfyUnavailableError(http.baseUrl, 'GET /view', reason, { cause: error });
  }
}
