import type { PresignUploadResponse, UserAsset } from '@cinegraph/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStorageBytes } from '../../services/assets/assets';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetClient, mediaBytes } from './asset-test-client';

let t: TestApp;
let api: ReturnType<typeof assetClient>;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  api = assetClient(t);
  alice = await signIn(t, 'alice@example.com');
  bob = await signIn(t, 'bob@example.com');
});
afterAll(() => t.close());

const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
const keyOf = (url: string) => new URL(url).searchParams.get('key')!;

describe('starting an upload', () => {
  it('hands out a single presigned PUT with a stable final URL for a small file', async () => {
    const started = await api.ok<PresignUploadResponse>(
      alice,
      'GET',
      api.presignUrl(alice, 'image', 'My Cat.png', 1000, 'image/png'),
    );
    expect(started.upload_type).toBe('single');
    expect(started.presigned_url).toMatch(/^http:\/\/localhost:3000\/storage\//);
    expect(started.s3_key).toMatch(new RegExp(`^users/${alice.userId}/assets/[0-9a-f-]{36}/My_Cat\\.png$`));
    expect(started.final_url).toBe(
      `http://localhost:3000/api/v1/utils/file?key=${encodeURIComponent(started.s3_key)}`,
    );
    expect(started.bucket).toBe('local');
  });

  it('starts a multipart upload with a part size of at least 5 MiB above 25 MiB', async () => {
    const started = await api.ok<PresignUploadResponse>(
      alice,
      'GET',
      api.presignUrl(alice, 'video', 'long.mp4', 300 * 1024 * 1024),
    );
    expect(started.upload_type).toBe('multipart');
    expect(started.upload_id).toBeTruthy();
    expect(started.presigned_url).toBeUndefined();
    expect(started.part_size).toBeGreaterThanOrEqual(5 * 1024 * 1024);
  });

  it.each([
    ['image', 'cat.bmp', 'File type must be .png, .jpg, .jpeg, .gif, .webp'],
    ['video', 'clip.mov', 'File type must be .mp4, .webm, .ogg'],
    ['audio', 'voice.flac', 'File type must be .mp3, .wav, .ogg, .m4a'],
    ['lora', 'style.ckpt', 'File type must be .safetensors'],
    ['workflow', 'flow.yaml', 'File type must be .json'],
    ['image', 'noextension', 'File type must be .png, .jpg, .jpeg, .gif, .webp'],
  ])('refuses a %s named %s', async (type, name, detail) => {
    const response = await api.call(alice, 'GET', api.presignUrl(alice, type, name, 100));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('refuses an unknown file type and a file over the type’s size limit', async () => {
    expect((await api.call(alice, 'GET', api.presignUrl(alice, 'document', 'a.pdf', 100))).statusCode).toBe(
      400,
    );
    const big = await api.call(alice, 'GET', api.presignUrl(alice, 'image', 'huge.png', 51 * 1024 * 1024));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ detail: `File is larger than ${50 * 1024 * 1024} bytes` });
  });

  it('refuses a content type that does not fit the file type (an image sent as HTML)', async () => {
    const response = await api.call(alice, 'GET', api.presignUrl(alice, 'image', 'x.png', 100, 'text/html'));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(/not accepted/);
  });

  it('refuses to start an upload for another user with 403 and without a session with 401', async () => {
    expect((await api.call(bob, 'GET', api.presignUrl(alice, 'image', 'x.png', 100))).statusCode).toBe(403);
    expect((await api.call(null, 'GET', api.presignUrl(alice, 'image', 'x.png', 100))).statusCode).toBe(401);
  });
});

describe('completing an upload', () => {
  it('records the asset with the image itself as its display image when it cannot be resized', async () => {
    const asset = await api.upload(alice, 'image', 'sunset.png', png);
    expect(asset).toMatchObject({
      filename: 'sunset.png',
      file_type: 'image',
      file_size: png.length,
      content_type: 'image/png',
      user_id: alice.userId,
      metadata: { node_id: 'n1', item_id: 'i1' },
    });
    expect(asset.display_image).toBe(asset.url);
    expect(asset._id).toBe(asset.id);
  });

  it('gives a large image a display copy at most 640 px wide; deleting the asset deletes both', async () => {
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    const asset = await api.upload(alice, 'image', 'landscape.png', photo);
    const originalKey = keyOf(asset.url);
    const displayKey = keyOf(asset.display_image!);
    expect(displayKey).not.toBe(originalKey);
    const display = await t.storage.get(displayKey);
    const size = await sharp(display!.body).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 640, 427]);
    // The original stays untouched for generation.
    expect((await sharp((await t.storage.get(originalKey))!.body).metadata()).width).toBe(3000);
    // The owner reads the display copy through the same stable addresses.
    const path = asset.display_image!.replace('http://localhost:3000/api/v1', '');
    expect((await api.call(alice, 'GET', path)).statusCode).toBe(302);

    await api.ok(alice, 'DELETE', `/utils/user_assets/${asset._id}?user_id=${alice.userId}`);
    expect(await t.storage.head(originalKey)).toBeNull();
    expect(await t.storage.head(displayKey)).toBeNull();
  });

  it('refuses to complete before the file is in storage, and refuses someone else’s upload with 403', async () => {
    const started = await api.ok<PresignUploadResponse>(
      alice,
      'GET',
      api.presignUrl(alice, 'image', 'a.png', 10),
    );
    const body = { file_type: 'image', filename: 'a.png', s3_key: started.s3_key, file_size: 10 };
    const early = await api.call(alice, 'POST', '/utils/complete_upload', { ...body, user_id: alice.userId });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ detail: 'The file has not been uploaded yet.' });
    const foreign = await api.call(bob, 'POST', '/utils/complete_upload', { ...body, user_id: bob.userId });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a stored file whose size differs from the announced one', async () => {
    const started = await api.ok<PresignUploadResponse>(
      alice,
      'GET',
      api.presignUrl(alice, 'image', 'b.png', 10),
    );
    await t.storage.put(started.s3_key, Buffer.alloc(20), 'image/png');
    const response = await api.call(alice, 'POST', '/utils/complete_upload', {
      user_id: alice.userId,
      file_type: 'image',
      filename: 'b.png',
      s3_key: started.s3_key,
      file_size: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(await t.storage.head(started.s3_key)).toBeNull();
  });

  it.each([
    ['image', 'page.png', 'image/png', '<html><script>alert(document.cookie)</script></html>'],
    ['image', 'logo.png', 'image/png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['video', 'clip.mp4', 'video/mp4', '\x89PNG\r\n\x1a\n an image, not a video'],
    ['audio', 'line.mp3', 'audio/mpeg', '#!/bin/sh\necho not a sound'],
  ])(
    'refuses %s uploads whose bytes are not one (%s), and keeps nothing',
    async (type, name, contentType, text) => {
      const bytes = Buffer.from(text, 'latin1');
      const started = await api.ok<PresignUploadResponse>(
        alice,
        'GET',
        api.presignUrl(alice, type, name, bytes.length, contentType),
      );
      await t.storage.put(started.s3_key, bytes, contentType);
      const response = await api.call(alice, 'POST', '/utils/complete_upload', {
        user_id: alice.userId,
        file_type: type,
        filename: name,
        s3_key: started.s3_key,
        file_size: bytes.length,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: (<Record<string, string>>{
          image: "The file's bytes are not an image (PNG, JPEG, GIF or WebP), whatever its name says.",
          video: "The file's bytes are not a video file (MP4, WebM or Ogg), whatever its name says.",
          audio:
            "The file's bytes are not an audio file (MP3, WAV, Ogg, FLAC, MP4 or WebM), whatever its name says.",
        })[type],
      });
      expect(await t.storage.head(started.s3_key)).toBeNull();
      const listed = await api.ok<UserAsset[]>(
        alice,
        'GET',
        `/utils/user_assets/${alice.userId}?search=${name}`,
      );
      expect(listed).toEqual([]);
    },
  );

  it('keeps a file of the right kind in another format than its name says (a JPEG named .png)', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const asset = await api.upload(alice, 'image', 'actually-a-jpeg.png', jpeg);
    expect(asset.file_size).toBe(jpeg.length);
    expect((await api.upload(alice, 'video', 'take.mp4', mediaBytes('video', 4096))).file_type).toBe('video');
  });

  it("refuses part URLs and aborts for someone else's multipart upload", async () => {
    const started = await api.ok<PresignUploadResponse>(
      alice,
      'GET',
      api.presignUrl(alice, 'video', 'v.mp4', 30 * 1024 * 1024),
    );
    const query = `bucket=local&s3_key=${encodeURIComponent(started.s3_key)}&upload_id=${started.upload_id}&part_number=1`;
    expect((await api.call(bob, 'GET', `/utils/presigned_multipart_part_url?${query}`)).statusCode).toBe(403);
    const wrongId = query.replace(started.upload_id!, 'nope');
    expect((await api.call(alice, 'GET', `/utils/presigned_multipart_part_url?${wrongId}`)).statusCode).toBe(
      404,
    );
    const abort = { bucket: 'local', s3_key: started.s3_key, upload_id: started.upload_id };
    expect((await api.call(bob, 'POST', '/utils/abort_multipart_upload', abort)).statusCode).toBe(403);
    expect((await api.call(alice, 'POST', '/utils/abort_multipart_upload', abort)).statusCode).toBe(200);
    expect((await api.call(alice, 'GET', `/utils/presigned_multipart_part_url?${query}`)).statusCode).toBe(
      404,
    );
  });
});

describe('the asset browser', () => {
  let carol: SignedInUser;
  let assets: UserAsset[];
  beforeAll(async () => {
    carol = await signIn(t, 'carol@example.com');
    assets = [];
    for (let i = 0; i < 23; i++) assets.push(await api.upload(carol, 'image', `shot-${i}.png`, png));
    assets.push(await api.upload(carol, 'audio', 'Theme Song.mp3', mediaBytes('audio', 64)));
  });

  it('lists pages of 20, newest first, filtered by type', async () => {
    const first = await api.ok<UserAsset[]>(
      carol,
      'GET',
      `/utils/user_assets/${carol.userId}?file_type=image`,
    );
    expect(first).toHaveLength(20);
    expect(first[0]!.filename).toBe('shot-22.png');
    const second = await api.ok<UserAsset[]>(
      carol,
      'GET',
      `/utils/user_assets/${carol.userId}?file_type=image&offset=20`,
    );
    expect(second.map((a) => a.filename)).toEqual(['shot-2.png', 'shot-1.png', 'shot-0.png']);
  });

  it('searches filenames case-insensitively, with % taken literally', async () => {
    const found = await api.ok<UserAsset[]>(
      carol,
      'GET',
      `/utils/user_assets/${carol.userId}?search=theme%20SONG`,
    );
    expect(found.map((a) => a.filename)).toEqual(['Theme Song.mp3']);
    expect(await api.ok<UserAsset[]>(carol, 'GET', `/utils/user_assets/${carol.userId}?search=%25`)).toEqual(
      [],
    );
  });

  it("refuses to list another user's assets with 403", async () => {
    expect((await api.call(bob, 'GET', `/utils/user_assets/${carol.userId}`)).statusCode).toBe(403);
  });

  it('renames keeping the extension, for PATCH and PUT alike', async () => {
    const id = assets[0]!._id;
    const patched = await api.ok<UserAsset>(carol, 'PATCH', `/utils/user_assets/${id}`, {
      filename: 'Opening',
      user_id: carol.userId,
    });
    expect(patched.filename).toBe('Opening.png');
    const put = await api.ok<UserAsset>(carol, 'PUT', `/utils/user_assets/${id}`, {
      filename: 'Final.PNG',
      user_id: carol.userId,
    });
    expect(put.filename).toBe('Final.png');
    const other = await api.ok<UserAsset>(carol, 'PUT', `/utils/user_assets/${id}`, {
      filename: 'cut.jpg',
      user_id: carol.userId,
    });
    expect(other.filename).toBe('cut.jpg.png');
  });

  it('refuses an empty name with 400 and a rename of someone else’s asset with 403', async () => {
    const id = assets[0]!._id;
    const empty = await api.call(carol, 'PATCH', `/utils/user_assets/${id}`, {
      filename: '  .png ',
      user_id: carol.userId,
    });
    expect(empty.statusCode).toBe(400);
    const foreign = await api.call(bob, 'PATCH', `/utils/user_assets/${id}`, {
      filename: 'mine',
      user_id: bob.userId,
    });
    expect(foreign.statusCode).toBe(403);
    const asSomeoneElse = await api.call(bob, 'PATCH', `/utils/user_assets/${id}`, {
      filename: 'mine',
      user_id: carol.userId,
    });
    expect(asSomeoneElse.statusCode).toBe(403);
  });

  it('counts the bytes a user stores', async () => {
    expect(await userStorageBytes(t.db, carol.userId)).toBe(23 * png.length + 64);
    expect(await userStorageBytes(t.db, (await signIn(t, 'nobody@example.com')).userId)).toBe(0);
  });

  it('deletes an asset with its stored file; others may not', async () => {
    const asset = assets[1]!;
    const key = new URL(asset.url).searchParams.get('key')!;
    const foreign = await api.call(bob, 'DELETE', `/utils/user_assets/${asset._id}?user_id=${bob.userId}`);
    expect(foreign.statusCode).toBe(403);
    expect(await t.storage.head(key)).not.toBeNull();
    await api.ok(carol, 'DELETE', `/utils/user_assets/${asset._id}?user_id=${carol.userId}`);
    expect(await t.storage.head(key)).toBeNull();
    expect(
      (await api.call(carol, 'DELETE', `/utils/user_assets/${asset._id}?user_id=${carol.userId}`)).statusCode,
    ).toBe(404);
  });
});

describe('reading a stored file', () => {
  it('redirects the owner to a short-lived storage link and refuses others', async () => {
    const asset = await api.upload(alice, 'image', 'mine.png', png);
    const path = asset.url.replace('http://localhost:3000/api/v1', '');
    const own = await api.call(alice, 'GET', path);
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toMatch(/^http:\/\/localhost:3000\/storage\//);
    expect((await api.call(bob, 'GET', path)).statusCode).toBe(403);
    expect((await api.call(null, 'GET', path)).statusCode).toBe(401);
    const climbing = `/utils/file?key=${encodeURIComponent(`users/${alice.userId}/../${bob.userId}/x`)}`;
    expect((await api.call(alice, 'GET', climbing)).statusCode).toBe(403);
  });
});
