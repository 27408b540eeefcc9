import type { GenerateEstimate } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, workers } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let m: GenerationMovie;
let other: GenerationMovie;
let stranger: SignedInUser;

/** One GPU hour a month on the free tier: 3,600 seconds. */
const ENV = { TIER_FREE_GPU_HOURS: '1' };

beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  m = await generationMovie(t);
  other = await generationMovie(t, 'other@example.com');
  stranger = await signIn(t, 'stranger@example.com');
  // Three shared workers: a ComfyUI server with two slots, a RunPod endpoint, and one that is down.
  const [comfy, runpod] = await t.db
    .insert(workers)
    .values([
      { url: 'http://gpu-1:8188', label: 'gpu 1', capacity: 2, healthy: true, backend: 'comfyui' as const },
      {
        url: 'https://api.runpod.ai/v2/e1',
        label: 'runpod',
        capacity: 1,
        healthy: true,
        backend: 'runpod' as const,
      },
      { url: 'http://gpu-2:8188', label: 'gpu 2', capacity: 4, healthy: false, backend: 'comfyui' as const },
    ])
    .returning();
  const finished = (movie: GenerationMovie, workerId: string, gpuSeconds: number) => ({
    movieId: movie.movieId,
    workflowNodeId: movie.nodeId,
    shotId: movie.shotIds[0]!,
    userId: movie.user.userId,
    level: 'shot' as const,
    status: 'success' as const,
    workerId,
    gpuSeconds,
    finishedAt: new Date(),
  });
  const waiting = (movie: GenerationMovie, ownWorkersOnly: boolean) => ({
    movieId: movie.movieId,
    workflowNodeId: movie.nodeId,
    shotId: movie.shotIds[0]!,
    userId: movie.user.userId,
    level: 'shot' as const,
    status: 'pending' as const,
    ownWorkersOnly,
  });
  await t.db.insert(generations).values([
    // This workflow's history: ComfyUI 10, 20, 60 s (median 20); RunPod 30, 50 s (median 40); all: 30.
    finished(m, comfy!.id, 10),
    finished(m, comfy!.id, 20),
    finished(m, comfy!.id, 60),
    finished(m, runpod!.id, 30),
    finished(m, runpod!.id, 50),
    // Another user's workflow: one long job, running another now, and the queue ahead.
    finished(other, comfy!.id, 3000),
    { ...waiting(other, false), status: 'running' as const, workerId: comfy!.id },
    waiting(other, false),
    waiting(other, false),
    waiting(other, false),
    // Waits for that user's own workers: not ahead of anyone on the shared pool.
    waiting(other, true),
  ]);
});
afterAll(() => t.close());

const estimate = (payload: object, movie = m, user: SignedInUser = movie.user) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/generations/estimate/workflow_node_id/${movie.nodeId}/movie_id/${movie.movieId}`,
    payload,
    headers: { cookie: user.cookie },
  });

describe('estimate before generating', () => {
  it("gives the jobs, the workflow's median GPU time per worker kind, the wait and what the tier has left", async () => {
    const response = await estimate({ shot_ids: m.shotIds, num_jobs: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json<GenerateEstimate>();
    expect(figures.jobs).toBe(20);
    expect(figures.gpu_seconds_per_job).toEqual([
      { worker_kind: 'comfyui', median_seconds: 20, takes: 3 },
      { worker_kind: 'runpod', median_seconds: 40, takes: 2 },
    ]);
    // 20 jobs x the median of all five takes (30 s).
    expect(figures.expected_gpu_seconds).toBe(600);
    // Three slots on healthy workers, one busy: two free for three jobs ahead, so one round of the
    // studio's typical job (the median of 10, 20, 30, 50, 60, 3000: 40 s) before this batch starts.
    expect([figures.queue_ahead, figures.free_slots, figures.expected_wait_seconds]).toEqual([3, 2, 40]);
    // One hour less the 170 s this user's takes used on the shared workers this month.
    expect(figures.gpu_hours_per_month).toBe(1);
    expect(figures.gpu_seconds_left).toBe(3600 - 170);
    expect(figures.storage_bytes_limit).toBe(5e9);
    expect(figures.storage_bytes_used).toBe(0);
    // 600 s is more than 10% of 3,430 s: the dialog asks first.
    expect(figures.needs_confirmation).toBe(true);
    // It queues nothing.
    const queued = await t.db.select().from(generations);
    expect(queued).toHaveLength(11);
  });

  it('asks no confirmation for a batch within 10% of the GPU time left', async () => {
    const figures = (await estimate({ shot_ids: [m.shotIds[0]], num_jobs: 1 })).json<GenerateEstimate>();
    expect([figures.jobs, figures.expected_gpu_seconds, figures.needs_confirmation]).toEqual([1, 30, false]);
  });

  it('says there is no history yet for a workflow that never finished a take', async () => {
    const third = await generationMovie(t, 'third@example.com');
    const figures = (
      await estimate({ shot_ids: third.shotIds, num_jobs: 1 }, third)
    ).json<GenerateEstimate>();
    expect(figures.gpu_seconds_per_job).toEqual([]);
    expect(figures.expected_gpu_seconds).toBeNull();
    expect(figures.needs_confirmation).toBe(false);
    expect(figures.gpu_seconds_left).toBe(3600);
  });

  it("refuses shots of another movie and another user's movie", async () => {
    const foreign = await estimate({ shot_ids: [other.shotIds[0]], num_jobs: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ detail: string }>().detail).toMatch(/shot/i);
    expect((await estimate({ shot_ids: m.shotIds, num_jobs: 1 }, m, stranger)).statusCode).toBe(403);
  });
});
