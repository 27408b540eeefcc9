import type { GenerationEvent } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generations, nodes } from '../db/schema';
import { applyWorkflowToNode } from '../services/workflows/node-workflow';
import { readWorkflow } from '../services/workflows/workflow-handles';
import type { TestApp } from '../test/test-app';
import {
  eachTestWithGenerationMovie,
  generate,
  startWorkers,
  STILL_WORKFLOW,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { GenerationEventHub } from './generation-events';

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

/** The still with ten sampling steps from its first node on: progress from the start of the run. */
const SAMPLED_STILL = {
  ...STILL_WORKFLOW,
  '3': { ...STILL_WORKFLOW['3'], inputs: { ...STILL_WORKFLOW['3'].inputs, steps: 10 } },
};

/** Runs one job on a dev worker taking `stepMs` a step; the progress pushes its page heard, timed. */
async function runJob(stepMs: number) {
  const [node] = await t.db.select().from(nodes).where(eq(nodes.id, m.nodeId));
  const text = JSON.stringify(SAMPLED_STILL);
  await applyWorkflowToNode(t.db, t.storage, t.config.publicUrl, node!, {
    workflow: readWorkflow(text),
    ui: null,
    api: text,
  });
  const hub = new GenerationEventHub(t.db);
  cleanups.push(() => hub.close());
  const heard: { event: GenerationEvent; at: number }[] = [];
  await hub.subscribe(m.movieId, (event) => heard.push({ event, at: Date.now() }));
  const { workers, pool } = await startWorkers(t, 1, { stepMs });
  cleanups.push(
    () => pool.stop(),
    () => workers[0]!.close(),
  );
  const [id] = await generate(t, m, [m.shotIds[0]!], 1);
  const dispatcher = testDispatcher(t);
  cleanups.push(() => dispatcher.stop());
  dispatcher.start();
  await waitForStatus(t, [id!], ['success']);
  const [row] = await t.db.select().from(generations).where(eq(generations.id, id!));
  // The job's end is pushed too: wait for it, so that every push made before it was heard.
  await expect
    .poll(() => heard.some(({ event }) => event.id === id && event.status === 'success'))
    .toBe(true);
  const progress = heard.filter(({ event }) => event.id === id && event.change === 'progress');
  return { startedAt: row!.startedAt!.getTime(), progress };
}

describe("a job's progress writes", () => {
  afterEach(() => vi.useRealTimers());

  it('writes no progress for a job done within half a second of its start', async () => {
    // The studio's clock stands still (timers run as they do): by it the job takes no time at all,
    // however slowly a loaded machine runs its ten steps.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { progress } = await runJob(5);
    expect(progress).toEqual([]);
  });

  it('writes the first progress of a longer job half a second into its run, not at its first step', async () => {
    // A step every 100 ms from the run's start: over a second in all.
    const { startedAt, progress } = await runJob(100);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]!.at - startedAt).toBeGreaterThanOrEqual(500);
  });
});
