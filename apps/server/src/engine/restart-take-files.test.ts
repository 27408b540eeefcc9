import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generations } from '../db/schema';
import { storedFileKey } from '../services/assets/stored-files';
import type { Storage } from '../storage/storage';
import type { TestApp } from '../test/test-app';
import {
  eachTestWithGenerationMovie,
  generate,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { setResolution } from './real-peer-support';

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

/**
 * A server that dies right after writing the take's output: the file is in storage, the row never
 * learns of it. Its dispatcher runs no further (stopped without waiting for the run it was in).
 */
async function crashAfterStoring(id: string): Promise<string> {
  const stored: string[] = [];
  const storage = withPut(async (key, body, contentType) => {
    await t.storage.put(key, body, contentType);
    if (!key.includes(`/generations/${id}-`)) return;
    stored.push(key);
    await new Promise(() => {}); // The process is gone: nothing after the write happens.
  });
  const crashed = testDispatcher(t, { storage });
  crashed.start();
  await expect.poll(() => stored.length, { timeout: 20_000 }).toBe(1);
  void crashed.stop();
  expect(await t.storage.head(stored[0]!)).not.toBeNull();
  return stored[0]!;
}

/** The test app's storage with another `put`. */
function withPut(put: Storage['put']): Storage {
  return new Proxy(t.storage, {
    get: (s, p) => {
      if (p === 'put') return put;
      const value: unknown = s[p as keyof Storage];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(s) : value;
    },
  });
}

/** The restarted server, on a worker that lost the prompt meanwhile (restarted too): the job runs again or fails. */
async function restart(workerUrl: string, retries: number) {
  const cleared = await fetch(`${workerUrl}/history`, {
    method: 'POST',
    body: JSON.stringify({ clear: true }),
  });
  expect(cleared.ok).toBe(true);
  const dispatcher = testDispatcher(t, { resumeAllOnStart: true, retries });
  cleanups.push(() => dispatcher.stop());
  dispatcher.start();
}

describe('a take whose output was stored just before the server died', () => {
  it('keeps only the file of the run that succeeded when it runs again after the restart', async () => {
    const { workers, pool } = await startWorkers(t, 1);
    cleanups.push(
      () => pool.stop(),
      () => workers[0]!.close(),
    );
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const before = await crashAfterStoring(id!);
    await restart(workers[0]!.url, 2);

    await waitForStatus(t, [id!], ['success']);
    const [row] = await t.db.select().from(generations).where(eq(generations.id, id!));
    const taken = storedFileKey(t.config.publicUrl, row!.output!.url)!;
    // The worker numbered the second run's file after the first one's: another key.
    expect(taken).not.toBe(before);
    expect(await t.storage.head(taken)).not.toBeNull();
    await expect.poll(() => t.storage.head(before)).toBeNull();
  });

  it('leaves none of its files when it fails after the restart', async () => {
    const { workers, pool } = await startWorkers(t, 1);
    cleanups.push(
      () => pool.stop(),
      () => workers[0]!.close(),
    );
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const before = await crashAfterStoring(id!);
    await restart(workers[0]!.url, 0);

    await waitForStatus(t, [id!], ['failed']);
    const [row] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(row!.errorMessage).toMatch(/gave up after 1 attempts/);
    await expect.poll(() => t.storage.head(before)).toBeNull();
  });
});

describe('a take whose display image could not be stored', () => {
  it('fails and leaves no file: its output stored first is recorded nowhere', async () => {
    const { workers, pool } = await startWorkers(t, 1);
    cleanups.push(
      () => pool.stop(),
      () => workers[0]!.close(),
    );
    // Wider than a display image: the take gets a WebP copy beside its PNG.
    await setResolution(t, m, [1024, 32]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    const stored: string[] = [];
    const storage = withPut(async (key, body, contentType) => {
      if (key.endsWith(`${id}-display.webp`)) throw new Error('The store is unreachable');
      await t.storage.put(key, body, contentType);
      if (key.includes(`/generations/${id}-`)) stored.push(key);
    });
    const dispatcher = testDispatcher(t, { storage });
    cleanups.push(() => dispatcher.stop());
    dispatcher.start();

    await waitForStatus(t, [id!], ['failed']);
    expect(stored).toHaveLength(1);
    expect(await t.storage.head(stored[0]!)).toBeNull();
  });
});
