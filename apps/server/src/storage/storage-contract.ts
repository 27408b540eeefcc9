import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from './storage';
import { bytesEtag, describeMultipartContract } from './storage-contract-multipart';
import { StorageKeyError } from './storage-validation';

export interface StorageContractSubject {
  storage: Storage;
  teardown(): Promise<void>;
}

/** What a stand-in store may lack; every real store (S3, LocalStorage) does all of it. */
export interface StorageContractOptions {
  /** false for s3rver, which accepts any SigV4 signature. */
  rejectsTamperedSignatures?: boolean;
  /** false for s3rver, which completes an upload without comparing part ETags. */
  verifiesPartETags?: boolean;
}

function tamperSignature(url: string): string {
  const parsed = new URL(url);
  const name = [...parsed.searchParams.keys()].find((key) => /signature$/i.test(key)) ?? 'missing';
  const signature = parsed.searchParams.get(name) ?? '';
  parsed.searchParams.set(name, signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0'));
  return parsed.toString();
}

/** The behaviour every Storage must show, run against a real store by each implementation's test. */
export function describeStorageContract(
  name: string,
  setup: () => Promise<StorageContractSubject>,
  options: StorageContractOptions = {},
): void {
  describe(`${name} (Storage contract)`, () => {
    let subject: StorageContractSubject;
    let storage: Storage;
    // Every test writes under its own prefix so tests cannot see each other's objects.
    const space = () => `contract-${randomUUID()}`;

    beforeAll(async () => {
      subject = await setup();
      storage = subject.storage;
    });
    afterAll(async () => subject?.teardown());

    it('reads back what was put, with its content type, until it is deleted', async () => {
      const key = `${space()}/poster.png`;
      await storage.put(key, Buffer.from('first'), 'image/png');
      await storage.put(key, new Uint8Array(Buffer.from('second version')), 'image/webp');
      const object = await storage.get(key);
      expect(object?.body.toString()).toBe('second version');
      expect(object?.contentType).toBe('image/webp');
      expect(object?.size).toBe(14);
      expect(await storage.head(key)).toEqual({ size: 14, contentType: 'image/webp' });
      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
    });

    it('writes an object streamed from a file on disk', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'storage-contract-'));
      const file = path.join(dir, 'take.webm');
      await writeFile(file, Buffer.alloc(70_000, 7));
      const key = `${space()}/take.webm`;
      await storage.putFile(key, file, 'video/webm');
      expect(await storage.head(key)).toEqual({ size: 70_000, contentType: 'video/webm' });
      await rm(dir, { recursive: true });
    });

    it('streams an object with its size and content type', async () => {
      const key = `${space()}/take.webm`;
      const bytes = Buffer.alloc(300_000, 7);
      await storage.put(key, bytes, 'video/webm');
      const object = await storage.getStream(key);
      expect(object).toMatchObject({ size: 300_000, contentType: 'video/webm' });
      const chunks: Buffer[] = [];
      for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });

    it('reads the first bytes of an object, fewer when it is shorter', async () => {
      const key = `${space()}/take.mp4`;
      await storage.put(key, Buffer.from('0123456789abcdef'), 'video/mp4');
      expect((await storage.readHead(key, 4))?.toString()).toBe('0123');
      expect((await storage.readHead(key, 64))?.toString()).toBe('0123456789abcdef');
      expect(await storage.readHead(`${space()}/missing.mp4`, 4)).toBeNull();
    });

    it('answers null for a missing key and deletes it without complaint', async () => {
      const key = `${space()}/nothing.bin`;
      expect(await storage.getStream(key)).toBeNull();
      expect(await storage.get(key)).toBeNull();
      expect(await storage.head(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('refuses keys that could escape the store or that S3 would read differently', async () => {
      const bad = [
        '',
        '../etc/passwd',
        'a/../../b',
        '/absolute',
        'a\\b',
        'nul\0byte',
        'a//b',
        'trailing/',
        'x'.repeat(1100),
      ];
      for (const key of bad) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(
          StorageKeyError,
        );
        await expect(storage.presignGet(key), key).rejects.toThrow(/Invalid storage key/);
      }
      await expect(storage.deletePrefix('')).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.deletePrefix('../')).rejects.toBeInstanceOf(StorageKeyError);
    });

    it('takes a browser upload through a presigned PUT, raw bytes of any type', async () => {
      const key = `${space()}/scenes/näme with spaces+(1)%.json`;
      const body = Buffer.from('{"not valid json" ');
      const url = await storage.presignPut(key, { contentType: 'application/json' });
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe(bytesEtag(body, storage));
      await storage.finishPut(key);
      const object = await storage.get(key);
      expect(object?.body.equals(body)).toBe(true);
      expect(object?.contentType).toBe('application/json');
    });

    it('never lets a presigned PUT replace the object once its upload is finished', async () => {
      const key = `${space()}/take.png`;
      const first = Buffer.from('the checked bytes');
      const url = await storage.presignPut(key, { contentType: 'image/png', contentLength: first.length });
      const put = (body: Buffer) =>
        fetch(url, {
          method: 'PUT',
          headers: { 'Content-Type': 'image/png', 'If-None-Match': '*' },
          body,
        });
      expect((await put(first)).status).toBe(200);
      await storage.finishPut(key);
      // Same length (the signature binds it), other bytes: whatever the store answers, the object stays.
      await put(Buffer.from('the swapped bytes'));
      expect((await storage.get(key))?.body.toString()).toBe('the checked bytes');
    });

    it('finishes a PUT that never arrived without creating anything', async () => {
      const key = `${space()}/never-sent.png`;
      await storage.presignPut(key, { contentType: 'image/png' });
      await storage.finishPut(key);
      expect(await storage.head(key)).toBeNull();
    });

    it('signs a GET from a given moment to the same address every time, served until it expires', async () => {
      const key = `${space()}/lora.safetensors`;
      await storage.put(key, Buffer.from('weights'), 'application/octet-stream');
      const signedAt = new Date(Date.now() - 60 * 60 * 1000);
      const first = await storage.presignGet(key, { expiresInSeconds: 2 * 60 * 60, signedAt });
      const again = await storage.presignGet(key, { expiresInSeconds: 2 * 60 * 60, signedAt });
      expect(again).toBe(first);
      expect(await (await fetch(first)).text()).toBe('weights');
      expect(await storage.presignGet(key, { expiresInSeconds: 2 * 60 * 60 })).not.toBe(first);
    });

    it('serves an object through a presigned GET, with ranges and a download name', async () => {
      const key = `${space()}/take 1.txt`;
      await storage.put(key, Buffer.from('0123456789'), 'text/plain');
      const plain = await fetch(await storage.presignGet(key));
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-type')).toBe('text/plain');
      expect(await plain.text()).toBe('0123456789');

      const ranged = await fetch(await storage.presignGet(key), { headers: { Range: 'bytes=2-5' } });
      expect(ranged.status).toBe(206);
      expect(await ranged.text()).toBe('2345');

      const named = await fetch(await storage.presignGet(key, { downloadName: 'Shot 1 — take.txt' }));
      expect(named.headers.get('content-disposition')).toContain(
        "filename*=UTF-8''Shot%201%20%E2%80%94%20take.txt",
      );
    });

    describeMultipartContract(() => storage, options);

    it.skipIf(options.rejectsTamperedSignatures === false)(
      'refuses a URL whose signature was altered',
      async () => {
        const key = `${space()}/secret.txt`;
        await storage.put(key, Buffer.from('private'), 'text/plain');
        const response = await fetch(tamperSignature(await storage.presignGet(key)));
        expect(response.status).toBe(403);
      },
    );

    it('refuses presigned URLs once they have expired', async () => {
      const key = `${space()}/late.txt`;
      await storage.put(key, Buffer.from('too late'), 'text/plain');
      const getUrl = await storage.presignGet(key, { expiresInSeconds: 1 });
      const putUrl = await storage.presignPut(key, { contentType: 'text/plain', expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await fetch(getUrl)).status).toBe(403);
      const put = await fetch(putUrl, {
        method: 'PUT',
        headers: { 'Content-Type': 'text/plain' },
        body: 'overwritten',
      });
      expect(put.status).toBe(403);
      expect((await storage.get(key))?.body.toString()).toBe('too late');
    });

    it('deletes every object under a prefix and nothing else', async () => {
      const root = space();
      const keys = [
        'movie-1/a.png',
        'movie-1/shots/b.mp4',
        'movie-10/c.png',
        'movie-2/d.png',
        'movie-1.json',
      ];
      for (const key of keys) await storage.put(`${root}/${key}`, Buffer.from(key), 'text/plain');
      await storage.deletePrefix(`${root}/movie-1/`);
      const left = async () => {
        const present = await Promise.all(
          keys.map(async (key) => ((await storage.head(`${root}/${key}`)) ? key : null)),
        );
        return present.filter(Boolean);
      };
      expect(await left()).toEqual(['movie-10/c.png', 'movie-2/d.png', 'movie-1.json']);
      // A prefix need not end at a slash, as on S3.
      await storage.deletePrefix(`${root}/movie-1`);
      expect(await left()).toEqual(['movie-2/d.png']);
    });
  });
}
