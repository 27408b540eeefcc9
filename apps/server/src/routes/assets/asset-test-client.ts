import type { PresignUploadResponse, UserAsset } from '@cinegraph/contracts';
import { expect } from 'vitest';
import type { SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';

const MAGIC = {
  image: Buffer.from('89504e470d0a1a0a', 'hex'), // PNG
  audio: Buffer.from('ID3'), // MP3 with a tag
  video: Buffer.from('000000186674797069736f6d', 'hex'), // MP4: a box of type ftyp
};

/**
 * `size` bytes that begin as a file of the kind (completing an upload reads the first bytes) and are
 * filled with `fill` after: for tests where only the size matters.
 */
export function mediaBytes(kind: keyof typeof MAGIC, size: number, fill = 1): Buffer {
  const bytes = Buffer.alloc(size, fill);
  MAGIC[kind].copy(bytes);
  return bytes;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The asset calls through the real app with a user's cookie. */
export function assetClient(t: TestApp) {
  const call = (user: SignedInUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: user ? { cookie: user.cookie } : {} });

  async function ok<T>(user: SignedInUser, method: Method, url: string, payload?: object): Promise<T> {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  const presignUrl = (user: SignedInUser, type: string, name: string, size: number, contentType?: string) =>
    `/utils/presigned_upload_url/user/${user.userId}/file_type/${type}/filename/${encodeURIComponent(name)}` +
    `?file_size=${size}${contentType ? `&content_type=${encodeURIComponent(contentType)}` : ''}`;

  /** Uploads through the API with the bytes written to storage directly (the browser's PUT is tested elsewhere). */
  async function upload(user: SignedInUser, type: string, name: string, bytes: Buffer): Promise<UserAsset> {
    const started = await ok<PresignUploadResponse>(user, 'GET', presignUrl(user, type, name, bytes.length));
    const head = await t.storage.head(started.s3_key);
    expect(head).toBeNull();
    await t.storage.put(started.s3_key, bytes, 'application/octet-stream');
    return ok<UserAsset>(user, 'POST', '/utils/complete_upload', {
      user_id: user.userId,
      file_type: type,
      filename: name,
      s3_key: started.s3_key,
      final_url: started.final_url,
      file_size: bytes.length,
      metadata: { node_id: 'n1', item_id: 'i1', uploaded_at: new Date().toISOString() },
    });
  }

  return { call, ok, presignUrl, upload };
}
