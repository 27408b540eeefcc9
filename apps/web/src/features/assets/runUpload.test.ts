import type { PresignUploadResponse, UserAsset } from '@cinegraph/contracts';
import { ApiError } from '../../lib/api';
import { describe, expect, it, vi } from 'vitest';
import { runUpload, type PutResult, type UploadTransport } from './runUpload';

const asset = { id: 'a1', url: '/api/v1/utils/file?key=k' } as UserAsset;
const common = { s3_key: 'k', final_url: asset.url, bucket: 'b' };

function transport(answer: PresignUploadResponse, put: (url: string) => PutResult): UploadTransport {
  return {
    presign: vi.fn(async () => answer),
    presignPart: vi.fn(async ({ part_number }) => `http://s/part/${part_number}`),
    put: vi.fn(async (url: string, body: Blob, _type: string | null, onProgress: (sent: number) => void) => {
      onProgress(body.size);
      return put(url);
    }),
    complete: vi.fn(async () => asset),
    completeMultipart: vi.fn(async () => asset),
    abort: vi.fn(async () => undefined),
  };
}

function file(size: number, name: string): Blob & { name: string } {
  return Object.assign(new Blob([new Uint8Array(size)]), { name });
}

function request(size: number, name = 'a.png') {
  const progress: number[] = [];
  return {
    progress,
    input: {
      userId: 'u1',
      fileType: name.endsWith('.webm') ? ('video' as const) : ('image' as const),
      file: file(size, name),
      metadata: { node_id: 'n1', item_id: 'm1' },
      onProgress: (p: number) => progress.push(p),
    },
  };
}

describe('a single upload', () => {
  it('PUTs the bytes with the content type and records the asset', async () => {
    const t = transport({ upload_type: 'single', presigned_url: 'http://s/put', ...common }, () => ({
      status: 200,
      etag: '"x"',
    }));
    const { input } = request(10);
    await expect(runUpload(t, input)).resolves.toBe(asset);
    expect(t.put).toHaveBeenCalledWith('http://s/put', input.file, 'image/png', expect.any(Function));
    expect(t.complete).toHaveBeenCalledWith(
      expect.objectContaining({
        user_id: 'u1',
        file_type: 'image',
        s3_key: 'k',
        file_size: 10,
        content_type: 'image/png',
      }),
    );
  });

  it('reports the storage status when the PUT is refused', async () => {
    const t = transport({ upload_type: 'single', presigned_url: 'http://s/put', ...common }, () => ({
      status: 403,
      etag: null,
    }));
    await expect(runUpload(t, request(10).input)).rejects.toThrow('Failed to upload file to S3. Status: 403');
    expect(t.complete).not.toHaveBeenCalled();
  });

  it('says the presigned URL could not be had when the server refuses to start', async () => {
    const t = transport({ upload_type: 'single', ...common }, () => ({ status: 200, etag: null }));
    t.presign = vi.fn(async () => Promise.reject(new Error('400')));
    await expect(runUpload(t, request(10).input)).rejects.toThrow('Failed to get presigned URL');
  });
});

describe('a multipart upload', () => {
  const answer: PresignUploadResponse = {
    upload_type: 'multipart',
    upload_id: 'up',
    part_size: 10,
    ...common,
  };

  it('sends every part, completes with their ETags, and caps progress at 90 until then', async () => {
    const t = transport(answer, (url) => ({ status: 200, etag: `"${url.at(-1)}"` }));
    const { input, progress } = request(25, 'clip.webm');
    await runUpload(t, input);
    expect(t.completeMultipart).toHaveBeenCalledWith(
      expect.objectContaining({
        bucket: 'b',
        upload_id: 'up',
        parts: [
          { ETag: '"1"', PartNumber: 1 },
          { ETag: '"2"', PartNumber: 2 },
          { ETag: '"3"', PartNumber: 3 },
        ],
      }),
    );
    expect(Math.max(...progress)).toBe(90);
    expect(t.abort).not.toHaveBeenCalled();
  });

  it("asks for the next part's link while the current part is sending", async () => {
    const t = transport(answer, () => ({ status: 200, etag: '"e"' }));
    const linksAskedAtPut: number[] = [];
    const put = t.put;
    t.put = vi.fn(async (...args: Parameters<UploadTransport['put']>) => {
      linksAskedAtPut.push(vi.mocked(t.presignPart).mock.calls.length);
      return put(...args);
    });
    await runUpload(t, request(25, 'clip.webm').input);
    expect(linksAskedAtPut).toEqual([2, 3, 3]);
  });

  it('fails and aborts when a part comes back without an ETag', async () => {
    const t = transport(answer, (url) => ({ status: 200, etag: url.endsWith('2') ? null : '"e"' }));
    await expect(runUpload(t, request(25, 'clip.webm').input)).rejects.toThrow('No ETag received for part 2');
    expect(t.abort).toHaveBeenCalledWith({ bucket: 'b', s3_key: 'k', upload_id: 'up' });
    expect(t.completeMultipart).not.toHaveBeenCalled();
  });

  it('names the part and status when storage refuses a part, and aborts', async () => {
    const t = transport(answer, (url) => ({ status: url.endsWith('3') ? 500 : 200, etag: '"e"' }));
    await expect(runUpload(t, request(25, 'clip.webm').input)).rejects.toThrow(
      'Failed to upload part 3. Status: 500',
    );
    expect(t.abort).toHaveBeenCalled();
  });

  it('says the upload failed when completing it fails', async () => {
    const t = transport(answer, () => ({ status: 200, etag: '"e"' }));
    t.completeMultipart = vi.fn(async () => Promise.reject(new Error('boom')));
    await expect(runUpload(t, request(25, 'clip.webm').input)).rejects.toThrow('Failed to upload file');
    expect(t.abort).toHaveBeenCalled();
  });

  it("keeps the server's reason when it refuses the file's bytes", async () => {
    const t = transport(answer, () => ({ status: 200, etag: '"e"' }));
    const refusal = "The file's bytes are not an image (PNG, JPEG, GIF or WebP), whatever its name says.";
    t.completeMultipart = vi.fn(async () => Promise.reject(new ApiError(refusal, 400)));
    await expect(runUpload(t, request(25, 'clip.webm').input)).rejects.toThrow(refusal);
  });
});
