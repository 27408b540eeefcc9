import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMALL_OBJECT_MAX_BYTES } from './local-small-writes';
import { startLocalStorage, type RunningLocalStorage } from './local-storage-test-server';
import { describeStorageContract } from './storage-contract';
import { MIN_PART_SIZE } from './storage';

describeStorageContract('LocalStorage', async () => {
  const running = await startLocalStorage();
  return { storage: running.storage, teardown: running.stop };
});

describe('LocalStorage routes', () => {
  let local: RunningLocalStorage;
  const maxUploadBytes = MIN_PART_SIZE + 1024;

  beforeAll(async () => {
    local = await startLocalStorage({ maxUploadBytes });
  });
  afterAll(async () => local?.stop());

  it('exposes the ETag of an upload to browsers on other origins', async () => {
    const url = await local.storage.presignPut('cors/a.txt', { contentType: 'text/plain' });
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain' },
      body: 'a',
    });
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('refuses an upload sent with another Content-Type than the signed one, as S3 does', async () => {
    const url = await local.storage.presignPut('typed/a.png', { contentType: 'image/png' });
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: '<b>',
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/Content-Type: image\/png/);
    expect(await local.storage.head('typed/a.png')).toBeNull();
  });

  it('refuses a download URL used for an upload, and a part URL with another part number', async () => {
    await local.storage.put('bound/a.txt', Buffer.from('original'), 'text/plain');
    const getUrl = await local.storage.presignGet('bound/a.txt');
    const put = await fetch(getUrl, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(put.status).toBe(403);

    const { uploadId } = await local.storage.createMultipartUpload(
      'bound/b.bin',
      'application/octet-stream',
      MIN_PART_SIZE,
    );
    const partUrl = new URL(await local.storage.presignPart('bound/b.bin', uploadId, 1));
    partUrl.searchParams.set('partNumber', '2');
    expect((await fetch(partUrl, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await local.storage.get('bound/a.txt'))?.body.toString()).toBe('original');
  });

  it('serves objects so that none runs as a page: nosniff, a sandbox CSP, non-media as downloads', async () => {
    await local.storage.put('served/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    await local.storage.put('served/logo.svg', Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
    await local.storage.put('served/take.png', Buffer.from('\x89PNG'), 'image/png');
    for (const key of ['served/page.html', 'served/logo.svg']) {
      const response = await fetch(await local.storage.presignGet(key));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    }
    const media = await fetch(await local.storage.presignGet('served/take.png'));
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    expect(media.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(media.headers.get('content-disposition')).toBeNull();
  });

  it('answers 404 with a detail for a validly signed URL to a missing object', async () => {
    const response = await fetch(await local.storage.presignGet('missing/none.txt'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'No such object' });
  });

  it('answers 416 for a range past the end of the object', async () => {
    await local.storage.put('range/a.txt', Buffer.from('0123'), 'text/plain');
    const response = await fetch(await local.storage.presignGet('range/a.txt'), {
      headers: { Range: 'bytes=9-' },
    });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */4');
  });

  it('refuses an upload over the size limit with 413', async () => {
    const url = await local.storage.presignPut('big/a.bin', { contentType: 'application/octet-stream' });
    const body = Buffer.alloc(maxUploadBytes + 1);
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await local.storage.head('big/a.bin')).toBeNull();
  });

  it('writes an object from memory as a streamed write would, making and remaking its folders', async () => {
    const bytes = Buffer.from('the same bytes');
    await local.storage.put('memory/deep/a.txt', bytes, 'text/plain');
    const streamed = await local.storage.objects.write('memory/b.txt', Readable.from([bytes]), 'text/plain');
    const [a, b] = await Promise.all(
      ['memory/deep/a.txt', 'memory/b.txt'].map((key) => local.storage.objects.openRead(key)),
    );
    a?.stream.destroy();
    b?.stream.destroy();
    expect(a).toMatchObject({ contentType: 'text/plain', size: bytes.length, etag: streamed.etag });
    // A delete prunes the emptied folders; the next write into them makes them again.
    await local.storage.delete('memory/deep/a.txt');
    await local.storage.delete('memory/b.txt');
    expect(await readdir(path.join(local.root, 'objects'))).not.toContain('memory');
    await local.storage.put('memory/deep/a.txt', Buffer.from('again'), 'text/plain');
    expect((await local.storage.get('memory/deep/a.txt'))?.body.toString()).toBe('again');
    // A key under an object used as a folder is refused, and nothing is left in the temp folder.
    await expect(local.storage.put('memory/deep/a.txt/c', bytes, 'text/plain')).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await readdir(path.join(local.root, 'tmp'))).toEqual([]);
  });

  it('keeps no metadata file for an object whose name states its media type, and serves it as that type', async () => {
    const metaFiles = (folder: string) => readdir(path.join(local.root, 'meta', folder)).catch(() => []);
    await local.storage.put('named/take.png', Buffer.from('\x89PNG first'), 'application/octet-stream');
    expect(await metaFiles('named')).toEqual(['take.png.json']);
    // Written again as the type its name states: the earlier metadata goes with the earlier bytes.
    await local.storage.put('named/take.png', Buffer.from('\x89PNG second'), 'image/png');
    await local.storage.put('named/notes.png', Buffer.from('not an image'), 'text/plain');
    expect(await metaFiles('named')).toEqual(['notes.png.json']);
    expect(await local.storage.get('named/take.png')).toMatchObject({ contentType: 'image/png', size: 12 });
    expect((await local.storage.head('named/notes.png'))?.contentType).toBe('text/plain');
    const served = await fetch(await local.storage.presignGet('named/take.png'));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('etag')).toMatch(/^W\/"c-[0-9a-f]+"$/);
    expect(await served.text()).toBe('\x89PNG second');
    await local.storage.delete('named/take.png');
    expect(await local.storage.head('named/take.png')).toBeNull();
  });

  it('writes objects over a mebibyte from memory the same way, through the temp folder', async () => {
    const large = Buffer.alloc(SMALL_OBJECT_MAX_BYTES + 1, 7);
    await local.storage.put('large/take.png', large, 'image/png');
    await local.storage.put('large/take.bin', large, 'application/x-weights');
    expect(await readdir(path.join(local.root, 'meta', 'large'))).toEqual(['take.bin.json']);
    expect(await local.storage.head('large/take.png')).toEqual({
      size: large.length,
      contentType: 'image/png',
    });
    expect((await local.storage.get('large/take.bin'))?.contentType).toBe('application/x-weights');
    expect(await readdir(path.join(local.root, 'tmp'))).toEqual([]);
  });

  it('leaves no temp files or multipart staging behind', async () => {
    const key = 'tidy/a.bin';
    const { uploadId } = await local.storage.createMultipartUpload(
      key,
      'application/octet-stream',
      MIN_PART_SIZE,
    );
    const response = await fetch(await local.storage.presignPart(key, uploadId, 1), {
      method: 'PUT',
      body: 'only',
    });
    await local.storage.completeMultipartUpload(key, uploadId, [
      { PartNumber: 1, ETag: response.headers.get('etag') ?? '' },
    ]);
    expect(await readdir(path.join(local.root, 'tmp'))).toEqual([]);
    expect(await readdir(path.join(local.root, 'uploads'))).not.toContain(uploadId);
    await local.storage.deletePrefix('tidy/');
    expect(await readdir(path.join(local.root, 'objects'))).not.toContain('tidy');
  });
});
