import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../../db/schema';
import { generate, generationMovie } from '../../engine/engine-test-support';
import { startS3rver, type RunningS3rver } from '../../storage/s3rver-test-server';
import type { Storage } from '../../storage/storage';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storedFileUrl } from '../assets/stored-files';
import { deleteGeneration, generationFileKeys } from './update';

let s3rver: RunningS3rver;
beforeAll(async () => {
  s3rver = await startS3rver();
});
afterAll(() => s3rver.stop());

/** The storage with every prefix it was asked to delete written down. */
function watched(storage: Storage): { storage: Storage; prefixes: string[] } {
  const prefixes: string[] = [];
  const deletePrefix = (prefix: string) => {
    prefixes.push(prefix);
    return storage.deletePrefix(prefix);
  };
  // Its methods run on the storage itself (S3Storage keeps its client in a private field).
  const get = (s: Storage, p: string | symbol) => {
    if (p === 'deletePrefix') return deletePrefix;
    const value: unknown = s[p as keyof Storage];
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(s) : value;
  };
  return { storage: new Proxy(storage, { get }), prefixes };
}

for (const driver of ['local', 's3'] as const) {
  describe(`deleting a take (${driver} storage)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver === 's3' ? { storage: s3rver.storage } : {});
    });
    afterAll(() => t.close());

    it("removes exactly its files, named after it or in its folder (takes stored before), listing no other take's", async () => {
      const m = await generationMovie(t);
      const [flat, inFolder, other, older] = await generate(t, m, [m.shotIds[0]!], 4);
      const takes = `movies/${m.movieId}/generations`;
      const files = {
        flat: [`${takes}/${flat}-still.png`, `${takes}/${flat}-display.webp`],
        inFolder: [`${takes}/${inFolder}/still.png`, `${takes}/${inFolder}/display.webp`],
        other: [`${takes}/${other}-still.png`, `${takes}/${other}-display.webp`],
        older: [`${takes}/${older}/still.png`],
      };
      for (const key of Object.values(files).flat())
        await t.storage.put(key, Buffer.from('take'), 'image/png');
      const record = async (id: string, [output, display]: string[]) => {
        const url = (key: string) => storedFileUrl(t.config.publicUrl, key);
        await t.db
          .update(generations)
          .set({
            status: 'success',
            output: {
              type: 'image',
              url: url(output!),
              display_image: display ? url(display) : null,
              bytes: 4,
            },
          })
          .where(eq(generations.id, id));
      };
      await record(flat!, files.flat);
      await record(inFolder!, files.inFolder);
      await record(other!, files.other);
      await record(older!, files.older);

      const { storage, prefixes } = watched(t.storage);
      for (const id of [flat!, inFolder!]) {
        const [row] = await t.db.select().from(generations).where(eq(generations.id, id));
        await deleteGeneration(t.db, storage, row!, false);
      }

      const left = async (keys: string[]) =>
        Promise.all(keys.map(async (key) => (await t.storage.head(key)) !== null));
      expect(await left([...files.flat, ...files.inFolder])).toEqual([false, false, false, false]);
      expect(await left([...files.other, ...files.older])).toEqual([true, true, true]);
      // Only each take's own folder was listed, never the folder of every take (a scan per deletion).
      expect(prefixes).toEqual([`${takes}/${flat}/`, `${takes}/${inFolder}/`]);
    });
  });
}

describe("a take's recorded files", () => {
  const movieId = 'a0000000-0000-4000-8000-000000000001';
  const id = 'b0000000-0000-4000-8000-000000000002';
  const own = `movies/${movieId}/generations/${id}`;
  const at = (key: string, host = 'https://studio.example') =>
    `${host}/api/v1/utils/file?key=${encodeURIComponent(key)}`;

  it('are its output and display image, under any host the studio had', () => {
    const output = {
      type: 'image' as const,
      url: at(`${own}-still.png`, 'http://old-host:4000'),
      display_image: at(`${own}-display.webp`),
    };
    expect(generationFileKeys({ id, movieId, output })).toEqual([`${own}-still.png`, `${own}-display.webp`]);
  });

  it("never another file's: a display image shared with another take, an address elsewhere", () => {
    const output = {
      type: 'image' as const,
      url: 'https://cdn.example/still.png',
      display_image: at(`movies/${movieId}/generations/c0000000-0000-4000-8000-000000000003-still.png`),
    };
    expect(generationFileKeys({ id, movieId, output })).toEqual([]);
    expect(generationFileKeys({ id, movieId, output: null })).toEqual([]);
    expect(generationFileKeys({ id, movieId, output: { ...output, url: at(own) } })).toEqual([]);
  });
});
