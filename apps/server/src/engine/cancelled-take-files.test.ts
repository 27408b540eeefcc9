import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generations } from '../db/schema';
import type { Storage } from '../storage/storage';
import type { TestApp } from '../test/test-app';
import {
  eachTestWithGenerationMovie,
  generate,
  startWorkers,
  testDispatcher,
  type GenerationMovie,
} from './engine-test-support';

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

describe('a take cancelled while its output is stored', () => {
  it('leaves none of its files behind: its row records none for its deletion to find', async () => {
    const { workers, pool } = await startWorkers(t, 1);
    cleanups.push(
      () => pool.stop(),
      () => workers[0]!.close(),
    );
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    // The cancel lands as the take's output is written: after the worker's run, before the success.
    const stored: string[] = [];
    const put: Storage['put'] = async (key, body, contentType) => {
      if (key.includes(`/generations/${id}-`)) {
        stored.push(key);
        await t.db.update(generations).set({ status: 'cancelled' }).where(eq(generations.id, id!));
      }
      return t.storage.put(key, body, contentType);
    };
    const storage = new Proxy(t.storage, {
      get: (s, p) => {
        if (p === 'put') return put;
        const value: unknown = s[p as keyof Storage];
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(s) : value;
      },
    });
    const dispatcher = testDispatcher(t, { storage });
    cleanups.push(() => dispatcher.stop());
    dispatcher.start();

    await expect.poll(() => stored.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const left = async () => (await Promise.all(stored.map((key) => t.storage.head(key)))).filter(Boolean);
    await expect.poll(left, { timeout: 10_000 }).toEqual([]);
    const [row] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect([row!.status, row!.output]).toEqual(['cancelled', null]);
  });
});
