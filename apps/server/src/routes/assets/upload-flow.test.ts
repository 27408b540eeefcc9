import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { STUDIO_REQUEST_HEADERS, type PresignUploadResponse, type UserAsset } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { mediaBytes } from './asset-test-client';
import { startListeningTestApp } from './listening-test-app';

let t: Awaited<ReturnType<typeof startListeningTestApp>>;
let user: SignedInUser;

beforeAll(async () => {
  t = await startListeningTestApp();
  user = await signIn(t, 'uploader@example.com');
});
afterAll(() => t.close());

/** Calls the API over real HTTP, as the browser does. */
async function api<T>(method: string, url: string, body?: object): Promise<{ status: number; json: T }> {
  const response = await fetch(`${t.baseUrl}/api/v1${url}`, {
    method,
    headers: {
      cookie: user.cookie,
      ...STUDIO_REQUEST_HEADERS,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as T };
}

const presign = (type: string, name: string, size: number, contentType: string) =>
  api<PresignUploadResponse>(
    'GET',
    `/utils/presigned_upload_url/user/${user.userId}/file_type/${type}/filename/${name}?file_size=${size}&content_type=${encodeURIComponent(contentType)}`,
  );

function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('uploading straight to storage', () => {
  it('uploads an image with one PUT, records it, and serves it through its stable URL', async () => {
    const bytes = Buffer.from('89504e470d0a1a0a' + 'ab'.repeat(500), 'hex');
    const started = await presign('image', 'still.png', bytes.length, 'image/png');
    expect(started.json.upload_type).toBe('single');
    const put = await fetch(started.json.presigned_url!, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    const completed = await api<UserAsset>('POST', '/utils/complete_upload', {
      user_id: user.userId,
      file_type: 'image',
      filename: 'still.png',
      s3_key: started.json.s3_key,
      final_url: started.json.final_url,
      file_size: bytes.length,
      content_type: 'image/png',
      metadata: { node_id: null, item_id: null, uploaded_at: '2026-01-01T00:00:00Z' },
    });
    expect(completed.status).toBe(200);
    expect(completed.json.url).toBe(started.json.final_url);

    const stable = await fetch(completed.json.url, { headers: { cookie: user.cookie }, redirect: 'manual' });
    expect(stable.status).toBe(302);
    const file = await fetch(stable.headers.get('location')!);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it('uploads a large video in parts with ETags, joins them and records the asset', async () => {
    const size = 26 * 1024 * 1024 + 123;
    const bytes = mediaBytes('video', size, 7);
    const started = await presign('video', 'take.mp4', size, 'video/mp4');
    expect(started.json.upload_type).toBe('multipart');
    const partSize = started.json.part_size!;
    const parts: { ETag: string; PartNumber: number }[] = [];
    for (let n = 1; (n - 1) * partSize < size; n++) {
      const query = new URLSearchParams({
        bucket: started.json.bucket,
        s3_key: started.json.s3_key,
        upload_id: started.json.upload_id!,
        part_number: String(n),
      });
      const url = await api<{ presigned_url: string }>('GET', `/utils/presigned_multipart_part_url?${query}`);
      const put = await fetch(url.json.presigned_url, {
        method: 'PUT',
        body: bytes.subarray((n - 1) * partSize, n * partSize),
      });
      expect(put.status).toBe(200);
      const etag = put.headers.get('etag');
      expect(etag).toBeTruthy();
      parts.push({ ETag: etag!, PartNumber: n });
    }
    expect(parts.length).toBeGreaterThan(1);
    const completed = await api<UserAsset>('POST', '/utils/complete_multipart_upload', {
      bucket: started.json.bucket,
      s3_key: started.json.s3_key,
      upload_id: started.json.upload_id,
      parts,
      user_id: user.userId,
      file_type: 'video',
      filename: 'take.mp4',
      file_size: size,
      content_type: 'video/mp4',
      metadata: {},
    });
    expect(completed.status, JSON.stringify(completed.json)).toBe(200);
    expect(completed.json.file_size).toBe(size);
    // Not a real video: no poster frame, and the upload still succeeds.
    expect(completed.json.display_image).toBeNull();
    expect((await t.storage.head(started.json.s3_key))?.size).toBe(size);
  });

  it('binds a single PUT to the announced size and uses it once: it cannot replace the checked file', async () => {
    const png = Buffer.from('89504e470d0a1a0a' + 'ab'.repeat(65), 'hex'); // 73 bytes
    const started = await presign('image', 'checked.png', png.length, 'image/png');
    const put = (body: Buffer) =>
      fetch(started.json.presigned_url!, { method: 'PUT', headers: { 'content-type': 'image/png' }, body });

    const larger = await put(Buffer.alloc(60 * 1024 * 1024, 1));
    expect(larger.status).toBe(413);
    const shorter = await put(png.subarray(0, 40));
    expect(shorter.status).toBe(400);
    expect(await shorter.json()).toEqual({ detail: 'The upload must be exactly 73 bytes, as announced' });
    expect(await t.storage.head(started.json.s3_key)).toBeNull();

    expect((await put(png)).status).toBe(200);
    const completed = await api<UserAsset>('POST', '/utils/complete_upload', {
      user_id: user.userId,
      file_type: 'image',
      filename: 'checked.png',
      s3_key: started.json.s3_key,
      file_size: png.length,
      content_type: 'image/png',
    });
    expect(completed.status).toBe(200);

    const again = await put(Buffer.from('89504e470d0a1a0a' + 'cd'.repeat(65), 'hex'));
    expect(again.status).toBe(412);
    expect((await t.storage.get(started.json.s3_key))?.body.equals(png)).toBe(true);
  });

  it('binds each part link to its share of the announced size', async () => {
    const size = 26 * 1024 * 1024;
    const started = await presign('video', 'parts.mp4', size, 'video/mp4');
    const partUrl = async (n: number) => {
      const query = new URLSearchParams({
        bucket: started.json.bucket,
        s3_key: started.json.s3_key,
        upload_id: started.json.upload_id!,
        part_number: String(n),
      });
      return api<{ presigned_url?: string; detail?: string }>(
        'GET',
        `/utils/presigned_multipart_part_url?${query}`,
      );
    };
    const first = await partUrl(1);
    const oversized = await fetch(first.json.presigned_url!, {
      method: 'PUT',
      body: Buffer.alloc(started.json.part_size! + 1),
    });
    expect(oversized.status).toBe(413);
    const beyond = await partUrl(100);
    expect(beyond.status).toBe(400);
    expect(beyond.json.detail).toBe('This upload has 3 parts.');
  });

  it('refuses to join parts with a wrong ETag', async () => {
    const size = 26 * 1024 * 1024;
    const started = await presign('video', 'bad.mp4', size, 'video/mp4');
    const completed = await api<{ detail: string }>('POST', '/utils/complete_multipart_upload', {
      bucket: started.json.bucket,
      s3_key: started.json.s3_key,
      upload_id: started.json.upload_id,
      parts: [{ ETag: '"nope"', PartNumber: 1 }],
      user_id: user.userId,
      file_type: 'video',
      filename: 'bad.mp4',
      file_size: size,
    });
    expect(completed.status).toBeGreaterThanOrEqual(400);
    expect(completed.status).toBeLessThan(500);
  });

  it.runIf(hasFfmpeg())('makes a poster frame for a real video when ffmpeg is installed', async () => {
    const file = path.join(t.dataDir, 'clip.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=64x48:rate=5',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    const bytes = await fs.readFile(file);
    const started = await presign('video', 'clip.mp4', bytes.length, 'video/mp4');
    await fetch(started.json.presigned_url!, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: bytes,
    });
    const completed = await api<UserAsset>('POST', '/utils/complete_upload', {
      user_id: user.userId,
      file_type: 'video',
      filename: 'clip.mp4',
      s3_key: started.json.s3_key,
      file_size: bytes.length,
    });
    expect(completed.json.display_image).toMatch(/\.poster\.jpg$/);
    const posterKey = new URL(completed.json.display_image!).searchParams.get('key')!;
    const poster = await t.storage.get(posterKey);
    expect(poster?.contentType).toBe('image/jpeg');
    expect(poster?.body.subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});
