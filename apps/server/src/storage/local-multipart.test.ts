import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStorage, type RunningLocalStorage } from './local-storage-test-server';
import { MIN_PART_SIZE } from './storage';
import { createHash } from 'node:crypto';

const PART = MIN_PART_SIZE;
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex')}"`;

describe('LocalStorage multipart uploads', () => {
  let local: RunningLocalStorage;

  beforeAll(async () => {
    local = await startLocalStorage();
  });
  afterAll(async () => local?.stop());

  async function startUpload(key: string) {
    const { uploadId } = await local.storage.createMultipartUpload(key, 'video/mp4', PART);
    const partUrl = (partNumber: number, contentLength?: number) =>
      local.storage.presignPart(key, uploadId, partNumber, { contentLength });
    const put = async (partNumber: number, bytes: Buffer) => {
      const response = await fetch(await partUrl(partNumber, bytes.length), { method: 'PUT', body: bytes });
      return { status: response.status, etag: response.headers.get('etag') ?? '' };
    };
    const dataFile = path.join(local.root, 'uploads', uploadId, 'data');
    return { uploadId, partUrl, put, dataFile };
  }

  it('assembles parts sent at the same time in reverse order, each in its place', async () => {
    const key = 'parallel/take.mp4';
    const upload = await startUpload(key);
    const bytes = [randomBytes(PART), randomBytes(PART), randomBytes(1234)];
    const sent = await Promise.all([3, 2, 1].map((n) => upload.put(n, bytes[n - 1]!)));
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200]);
    expect(sent.map((s) => s.etag)).toEqual([bytes[2]!, bytes[1]!, bytes[0]!].map(etagOf));
    const parts = [3, 2, 1].map((PartNumber, i) => ({ PartNumber, ETag: sent[i]!.etag }));
    await local.storage.completeMultipartUpload(key, upload.uploadId, parts);
    expect((await local.storage.get(key))?.body.equals(Buffer.concat(bytes))).toBe(true);
  });

  it('completes by renaming the parts already in place, without copying the file', async () => {
    const key = 'renamed/take.mp4';
    const upload = await startUpload(key);
    const first = await upload.put(1, randomBytes(PART));
    const last = await upload.put(2, randomBytes(10));
    const staged = await stat(upload.dataFile);
    await local.storage.completeMultipartUpload(key, upload.uploadId, [
      { PartNumber: 1, ETag: first.etag },
      { PartNumber: 2, ETag: last.etag },
    ]);
    const stored = await stat(path.join(local.root, 'objects', key));
    // The same file on disk: its bytes were neither read nor written again.
    expect(stored.ino).toBe(staged.ino);
    expect(stored.size).toBe(PART + 10);
    // The upload is over: a late part can change nothing.
    expect((await upload.put(2, randomBytes(10))).status).toBe(404);
    expect((await stat(path.join(local.root, 'objects', key))).size).toBe(PART + 10);
  });

  it('takes a part again after a cut attempt, and refuses the ETag of bytes that were replaced', async () => {
    const key = 'resumed/take.mp4';
    const upload = await startUpload(key);
    const good = [randomBytes(PART), randomBytes(99)];
    const cut = await fetch(await upload.partUrl(1, PART), {
      method: 'PUT',
      body: good[0]!.subarray(0, 100),
    });
    expect(cut.status).toBe(400);
    const earlier = await upload.put(2, randomBytes(99));
    const sent = [await upload.put(1, good[0]!), await upload.put(2, good[1]!)];
    await expect(
      local.storage.completeMultipartUpload(key, upload.uploadId, [
        { PartNumber: 1, ETag: sent[0]!.etag },
        { PartNumber: 2, ETag: earlier.etag },
      ]),
    ).rejects.toThrow(/ETag of part 2/);
    await local.storage.completeMultipartUpload(key, upload.uploadId, [
      { PartNumber: 1, ETag: sent[0]!.etag },
      { PartNumber: 2, ETag: sent[1]!.etag },
    ]);
    expect((await local.storage.get(key))?.body.equals(Buffer.concat(good))).toBe(true);
  });

  it('refuses a part larger than the part size before it overwrites the next part', async () => {
    const key = 'spill/take.mp4';
    const upload = await startUpload(key);
    const second = randomBytes(PART);
    const secondPut = await upload.put(2, second);
    const unsized = await fetch(await upload.partUrl(1), { method: 'PUT', body: randomBytes(PART + 1) });
    expect(unsized.status).toBe(413);
    const firstPut = await upload.put(1, Buffer.alloc(PART, 1));
    await local.storage.completeMultipartUpload(key, upload.uploadId, [
      { PartNumber: 1, ETag: firstPut.etag },
      { PartNumber: 2, ETag: secondPut.etag },
    ]);
    const object = await local.storage.get(key);
    expect(object?.body.subarray(PART).equals(second)).toBe(true);
  });

  it('refuses a list with a gap, and a short part that is not the last', async () => {
    const key = 'gaps/take.mp4';
    const upload = await startUpload(key);
    const one = await upload.put(1, randomBytes(10));
    const three = await upload.put(3, randomBytes(10));
    await expect(
      local.storage.completeMultipartUpload(key, upload.uploadId, [
        { PartNumber: 1, ETag: one.etag },
        { PartNumber: 3, ETag: three.etag },
      ]),
    ).rejects.toThrow(/numbered 1 to 2/);
    const two = await upload.put(2, randomBytes(10));
    await expect(
      local.storage.completeMultipartUpload(key, upload.uploadId, [
        { PartNumber: 1, ETag: one.etag },
        { PartNumber: 2, ETag: two.etag },
      ]),
    ).rejects.toThrow(/Part 1 is 10 bytes/);
  });

  it('writes a part to disk as it streams in, and cannot complete until the part has ended', async () => {
    const key = 'streamed/take.mp4';
    const upload = await startUpload(key);
    const bytes = randomBytes(PART);
    const half = PART / 2;
    const sending = openPut(await upload.partUrl(1, PART));
    sending.write(bytes.subarray(0, half));
    // Half the part is on disk while the request is still open: the server holds no whole part.
    await until(async () => (await stat(upload.dataFile)).size >= half);
    await expect(
      local.storage.completeMultipartUpload(key, upload.uploadId, [{ PartNumber: 1, ETag: etagOf(bytes) }]),
    ).rejects.toThrow(/still being sent/);
    const again = await fetch(await upload.partUrl(1, PART), { method: 'PUT', body: bytes });
    expect(again.status).toBe(409);
    const answer = await sending.end(bytes.subarray(half));
    expect(answer).toEqual({ status: 200, etag: etagOf(bytes) });
    await local.storage.completeMultipartUpload(key, upload.uploadId, [{ PartNumber: 1, ETag: answer.etag }]);
    expect((await local.storage.get(key))?.body.equals(bytes)).toBe(true);
  });
});

/** A PUT whose body the test sends piece by piece. */
function openPut(url: string) {
  const req = request(url, { method: 'PUT', headers: { 'Content-Length': PART } });
  const answered = new Promise<{ status: number; etag: string }>((resolve, reject) => {
    req.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, etag: String(response.headers.etag ?? '') });
    });
    req.on('error', reject);
  });
  return {
    write: (chunk: Buffer) => req.write(chunk),
    end: (chunk: Buffer) => {
      req.end(chunk);
      return answered;
    },
  };
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
