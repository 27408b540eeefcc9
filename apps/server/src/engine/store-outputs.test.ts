import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ViewFile } from '@cinegraph/comfy';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFileKey } from '../services/assets/stored-files';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';
import { storeGenerationOutput } from './store-outputs';

const PUBLIC_URL = 'http://localhost:3000';

/** A worker whose `/view` serves the given bytes for any file, with their length announced. */
const serving = (bytes: Buffer) => ({
  openView: async (_file: ViewFile) => ({
    body: new Blob([new Uint8Array(bytes)]).stream(),
    contentType: 'image/png',
    size: bytes.length,
  }),
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

/** An animated PNG: an `acTL` chunk placed before the image data of a still one. */
function animated(still: Buffer): Buffer {
  const acTL = Buffer.alloc(20);
  acTL.writeUInt32BE(8, 0);
  acTL.write('acTL', 4, 'latin1');
  acTL.writeUInt32BE(2, 8); // frames
  const afterIhdr = 8 + 25;
  return Buffer.concat([still.subarray(0, afterIhdr), acTL, still.subarray(afterIhdr)]);
}

describe('the display image of a take', () => {
  let dataDir: string;
  let storage: Storage;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cinegraph-store-outputs-'));
    storage = await createStorage({ dataDir, publicUrl: PUBLIC_URL, secret: 'x'.repeat(40) });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const store = async (bytes: Buffer, id: string) => {
    const outputs = { '9': { images: [{ filename: 'still_00001_.png', subfolder: '', type: 'output' }] } };
    const generation = { id, movieId: 'movie-1' };
    const output = await storeGenerationOutput(
      { storage, publicUrl: PUBLIC_URL },
      serving(bytes),
      generation,
      outputs,
    );
    const key = (url: string | null | undefined) => (url ? storedFileKey(PUBLIC_URL, url) : null);
    return { file: key(output?.url), display: key(output?.display_image) };
  };

  it('is the take itself for a small still PNG: no copy is made', async () => {
    const { file, display } = await store(await png(64, 64), 'small');
    expect(file).toBe('movies/movie-1/generations/small-still_00001_.png');
    expect(display).toBe(file);
    expect(await storage.head('movies/movie-1/generations/small-display.webp')).toBeNull();
  });

  it('is a WebP copy at most 768 px wide for a wide, a heavy or an animated PNG', async () => {
    const wide = await store(await png(1024, 64), 'wide');
    expect(wide.display).toBe('movies/movie-1/generations/wide-display.webp');
    const copy = await storage.get(wide.display!);
    expect(copy?.contentType).toBe('image/webp');
    expect((await sharp(copy!.body).metadata()).width).toBe(768);

    const noise = await sharp(Buffer.from(Array.from({ length: 512 * 512 * 3 }, () => Math.random() * 256)), {
      raw: { width: 512, height: 512, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(256 * 1024);
    expect((await store(noise, 'heavy')).display).toBe('movies/movie-1/generations/heavy-display.webp');

    expect((await store(animated(await png(64, 64)), 'animated')).display).toBe(
      'movies/movie-1/generations/animated-display.webp',
    );
  });
});
