import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

describe('createStorage', () => {
  it('keeps objects in <dataDir>/storage when no S3 bucket is configured', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cinegraph-data-'));
    try {
      const storage = await createStorage({
        dataDir,
        publicUrl: 'http://localhost:3000/',
        secret: 'a'.repeat(32),
      });
      expect(storage).toBeInstanceOf(LocalStorage);
      expect(storage.bucket).toBe('local');
      await storage.put('movies/1/a.txt', Buffer.from('hello'), 'text/plain');
      expect(await readFile(path.join(dataDir, 'storage/objects/movies/1/a.txt'), 'utf8')).toBe('hello');
      const url = await storage.presignGet('movies/1/a.txt');
      expect(url.startsWith('http://localhost:3000/storage/movies/1/a.txt?')).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uses the S3 bucket when one is configured', async () => {
    const storage = await createStorage({
      dataDir: '/unused',
      publicUrl: 'http://localhost:3000',
      secret: 'a'.repeat(32),
      s3: { bucket: 'cinegraph-media', region: 'eu-west-1' },
    });
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.bucket).toBe('cinegraph-media');
  });

  it('refuses a local store without a real secret', async () => {
    await expect(createStorage({ dataDir: '/tmp', publicUrl: 'http://x', secret: '' })).rejects.toThrow(
      /secret/,
    );
  });
});
