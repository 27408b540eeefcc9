import { expect, it } from 'vitest';
import type { TestApp } from '../test/test-app';
import {
  eachTestWithGenerationMovie,
  generate,
  startWorkers,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { recordingDatabase } from './recorded-statements';

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

it('claims the next job once when a job ends, as its run ends on the worker', async () => {
  // One worker with one slot, so every job after the first is claimed for the slot a job leaves.
  const { workers, pool } = await startWorkers(t, 1);
  cleanups.push(
    () => pool.stop(),
    () => workers[0]!.close(),
  );
  const ids = await generate(t, m, m.shotIds.slice(0, 1), 6);
  const statements: string[] = [];
  // The ticks are out of the way: each claim here is one a job's end asked for.
  const dispatcher = testDispatcher(t, { db: recordingDatabase(t.db, statements), intervalMs: 600_000 });
  cleanups.push(() => dispatcher.stop());
  dispatcher.start();

  await waitForStatus(t, ids, ['success']);
  await dispatcher.stop();

  // A claim locks the healthy workers first. One at the start, one per job that left the slot (the
  // last finds the queue empty); not a second one for the same slot once the take is stored.
  const claims = statements.filter((s) => s.includes('for update of w skip locked'));
  expect(claims.length).toBeLessThanOrEqual(ids.length + 1);
  expect(claims.length).toBeGreaterThanOrEqual(ids.length);
});
