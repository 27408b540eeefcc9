import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname, extname } from 'node:path';
import { readBody, sendEmpty, sendJson } from './http-util';
import type { WorkerState } from './prompt-routes';
import { FEATURES } from './system-info';
import { contentTypeOf } from './worker-files';

/**
 * `GET /view?filename&subfolder&type`: serves an output, temp or uploaded input file with its content
 * type; 400 for a bad name or type, 403 for a subfolder outside the folder, 404 when missing.
 */
export async function getView(state: WorkerState, url: URL, res: ServerResponse) {
  const filename = url.searchParams.get('filename') ?? '';
  const type = url.searchParams.get('type') || 'output';
  const target = state.files.resolve(type, url.searchParams.get('subfolder') ?? '', filename);
  if (!('path' in target)) return sendEmpty(res, target.status);
  const info = await stat(target.path).catch(() => null);
  if (!info?.isFile()) return sendEmpty(res, 404);
  res.writeHead(200, {
    'Content-Disposition': `filename="${basename(target.path).replace(/["\\\r\n]/g, '_')}"`,
    'Content-Type': contentTypeOf(target.path),
    'Content-Length': info.size,
  });
  createReadStream(target.path).pipe(res);
}

const sameContent = async (path: string, data: Buffer) => {
  const existing = await readFile(path).catch(() => null);
  if (!existing) return false;
  const digest = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
  return digest(existing) === digest(data);
};

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * `POST /upload/image` (multipart: image, type, subfolder, overwrite). Without `overwrite`, a clash with a
 * different file is renamed 'name (1).png' and an identical one reuses the name, as ComfyUI does.
 */
export async function postUploadImage(state: WorkerState, req: IncomingMessage, res: ServerResponse) {
  // readBody enforces the upload limit (413) even without a Content-Length.
  const body = await readBody(req, FEATURES.max_upload_size);
  let form: FormData;
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    form = await new Request('http://worker/upload/image', { method: 'POST', headers, body }).formData();
  } catch {
    return sendEmpty(res, 400);
  }
  const image = form.get('image');
  if (!(image instanceof Blob) || !('name' in image) || typeof image.name !== 'string' || !image.name) {
    return sendEmpty(res, 400);
  }
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const type = ['input', 'temp', 'output'].includes(field('type')) ? field('type') : 'input';
  const subfolder = field('subfolder');
  const overwrite = ['true', '1'].includes(field('overwrite').toLowerCase());
  const data = Buffer.from(await image.arrayBuffer());
  let name = basename(image.name);
  let target = state.files.resolve(type, subfolder, name);
  if (!('path' in target)) return sendEmpty(res, 400);
  if (!overwrite) {
    const extension = extname(name);
    const stem = name.slice(0, name.length - extension.length);
    for (let index = 1; (await exists(target.path)) && !(await sameContent(target.path, data)); index += 1) {
      name = `${stem} (${index})${extension}`;
      target = state.files.resolve(type, subfolder, name) as { path: string };
    }
  }
  await mkdir(dirname(target.path), { recursive: true });
  await writeFile(target.path, data);
  sendJson(res, 200, { name, subfolder, type });
}
