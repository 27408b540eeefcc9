import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startDevWorker, startRunPodFake } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { generations, workers as workerRows } from '../db/schema';
import { storedFileKey } from '../services/assets/stored-files';
import type { TestApp } from '../test/test-app';
import {
  generate,
  eachTestWithGenerationMovie,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from './engine-test-support';
import { findRunPodJob, runpodWebhookUrl } from './runpod-jobs';
import { STILL_WORKFLOW } from './still-workflow';
import { WorkerPool } from './worker-pool';

/**
 * What RunPod's hosted API answers about jobs the real worker-comfyui 5.8.5 handler ran (run by the
 * runpod SDK's own worker loop in front of the real ComfyUI 0.8.0), recorded (fixtures/runpod, its
 * README says what is recorded and what is RunPod's documentation), replayed to the studio.
 */
const fixtures = path.join(import.meta.dirname, 'fixtures/runpod');
interface Exchange {
  method: string;
  path: string;
  request: string;
  status: number;
  answer: string;
}
const recorded = JSON.parse(readFileSync(path.join(fixtures, 'exchanges.json'), 'utf8')) as {
  api_key: string;
  answers: Record<string, Exchange>;
  worker: Record<string, Exchange>;
};
const large = JSON.parse(readFileSync(path.join(fixtures, 'large-output.json'), 'utf8')) as {
  status: Exchange;
};
const { answers } = recorded;
const jobIdOf = (exchange: Exchange) => (JSON.parse(exchange.answer) as { id: string }).id;

let t: TestApp;
let m: GenerationMovie;
const cleanups = eachTestWithGenerationMovie((app, movie) => {
  t = app;
  m = movie;
});

/**
 * RunPod's endpoint replaying the recording: each `/run` is given the next recorded job, whose
 * `/status` is first the recorded IN_QUEUE and IN_PROGRESS answers, then its recorded end.
 */
async function replay(ends: Exchange[]) {
  const runs: unknown[] = [];
  const polls = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (exchange: Exchange, answer = exchange.answer) => {
        res.writeHead(exchange.status, { 'content-type': 'application/json' });
        res.end(answer);
      };
      if (req.headers.authorization !== `Bearer ${recorded.api_key}`) {
        res.writeHead(401).end('{"error":"Unauthorized"}');
      } else if (req.url!.endsWith('/health')) {
        send(answers.health!);
      } else if (req.url!.endsWith('/run')) {
        runs.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        const end = ends[runs.length - 1]!;
        send(answers.run!, JSON.stringify({ id: jobIdOf(end), status: 'IN_QUEUE' }));
      } else if (req.url!.includes('/stream/')) {
        send(answers.stream_in_progress!);
      } else {
        const id = decodeURIComponent(req.url!.split('/').at(-1)!);
        const end = ends.find((e) => jobIdOf(e) === id)!;
        const seen = (polls.get(id) ?? 0) + 1;
        polls.set(id, seen);
        const waiting = [answers.status_in_queue!, answers.status_in_progress!][seen - 1];
        send(end, waiting && waiting.answer.replace(jobIdOf(waiting), id));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/recorded-endpoint`;
  const pool = new WorkerPool({
    db: t.db,
    workers: [{ url, label: 'RunPod', capacity: 1, backend: 'runpod', apiKey: recorded.api_key }],
    healthIntervalMs: 60_000,
  });
  await pool.start();
  const dispatcher = testDispatcher(t, { pollMs: 20 });
  cleanups.push(
    () => pool.stop(),
    () => dispatcher.stop(),
  );
  dispatcher.start();
  return { runs };
}

const row = async (id: string) => (await t.db.select().from(generations).where(eq(generations.id, id)))[0]!;
const imagesOf = (exchange: Exchange) =>
  (JSON.parse(exchange.answer) as { output: { images: { filename: string; data: string }[] } }).output.images;

describe("RunPod's answers about the real worker-comfyui's jobs", () => {
  it("keeps a COMPLETED job's first image as the take, byte for byte, timed by the endpoint's executionTime", async () => {
    const { runs } = await replay([answers.status_success!]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const done = await row(id!);
    expect([done.status, done.errorMessage]).toEqual(['success', null]);
    const stored = await t.storage.get(
      storedFileKey(t.config.publicUrl, (done.output as { url: string }).url)!,
    );
    expect(stored!.body.equals(Buffer.from(imagesOf(answers.status_success!)[0]!.data, 'base64'))).toBe(true);
    expect(done.gpuSeconds).toBeCloseTo(0.254, 3);
    // What the studio sent is what the real handler took: {input: {workflow, images}} and a webhook.
    expect(runs[0]).toMatchObject({
      input: { workflow: { '4': { class_type: 'CinegraphOutput' } }, images: [] },
      webhook: expect.stringContaining('/api/v1/workers/runpod/webhook/'),
    });
    const taken = JSON.parse(recorded.worker.job_take!.answer) as { input: object };
    expect(Object.keys(taken.input)).toEqual(Object.keys((runs[0] as { input: object }).input).slice(0, 1));
  });

  it('keeps an output over 2 MB', async () => {
    await replay([large.status]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const done = await row(id!);
    expect(done.status).toBe('success');
    const written = Buffer.from(imagesOf(large.status)[0]!.data, 'base64');
    expect(written.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((done.output as { bytes: number }).bytes).toBe(written.length);
  });

  it("fails a take with the handler's error and details when ComfyUI failed the workflow", async () => {
    await replay([answers.status_execution_error!]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const done = await row(id!);
    expect(done.status).toBe('failed');
    expect(done.errorMessage).toMatch(
      /^Job processing failed: Workflow execution error: Node Type: CinegraphInputImage, Node ID: 1, Message: No image file 'missing-/,
    );
  });

  it("fails a take with the handler's words when ComfyUI refused the workflow", async () => {
    await replay([answers.status_validation_error!]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const done = await row(id!);
    expect(done.status).toBe('failed');
    expect(done.errorMessage).toMatch(
      /^Workflow validation failed:\n• Node 3 \(errors\): .*'details': 'color'/,
    );
  });

  it('fails a take the handler sent back no image for, saying that worker-comfyui returns images only', async () => {
    await replay([answers.status_no_images!]);
    const [id] = await generate(t, m, [m.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    expect((await row(id!)).errorMessage).toMatch(
      /^The RunPod job finished without an image: worker-comfyui returns images only/,
    );
  });

  it('reads the documented /health: the queue depth, no cold starts', async () => {
    await replay([]);
    const [worker] = await t.db.select().from(workerRows);
    expect(worker).toMatchObject({ healthy: true, queueDepth: 0 });
  });
});

describe("RunPod's webhook with a recorded job's /status answer", () => {
  it('keeps the job id of a job whose outputs make the body over 2 MB, and refuses a forged address', async () => {
    const id = jobIdOf(large.status);
    const url = runpodWebhookUrl(t.config.publicUrl, 'p-large').replace(t.config.publicUrl, '');
    const headers = { 'content-type': 'application/json' };
    const kept = await t.app.inject({ method: 'POST', url, headers, payload: large.status.answer });
    expect(kept.json()).toEqual({ received: true });
    expect(await findRunPodJob(t.db, 'p-large')).toBe(id);
    const forged = url.replace('/p-large/', '/p-other/');
    const refused = await t.app.inject({
      method: 'POST',
      url: forged,
      headers,
      payload: large.status.answer,
    });
    expect(refused.statusCode).toBe(401);
  });
});

describe('the RunPod fake keeps to the recordings', () => {
  async function fakeJob(input: object) {
    const comfy = await startDevWorker({ port: 0, stepMs: 1 });
    const fake = await startRunPodFake({ comfyUrl: comfy.url, apiKey: 'k' });
    cleanups.push(
      () => comfy.close(),
      () => fake.close(),
    );
    const headers = { Authorization: 'Bearer k', 'Content-Type': 'application/json' };
    const run = (await (
      await fetch(`${fake.url}/run`, { method: 'POST', headers, body: JSON.stringify({ input }) })
    ).json()) as { id: string };
    for (;;) {
      const status = (await (await fetch(`${fake.url}/status/${run.id}`, { headers })).json()) as Record<
        string,
        unknown
      >;
      if (!['IN_QUEUE', 'IN_PROGRESS'].includes(status.status as string)) return status;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  /** The answer's fields and their types, with the recorded texts' fixed parts. */
  const shape = (answer: unknown): unknown =>
    JSON.parse(JSON.stringify(answer), (key, value: unknown) =>
      typeof value === 'number'
        ? 'number'
        : key === 'data' || key === 'filename' || key === 'id'
          ? 'text'
          : value,
    );

  it('answers a success as the real handler did', async () => {
    const real = JSON.parse(answers.status_success!.answer) as { output: { images: unknown[] } };
    const fake = await fakeJob({ workflow: STILL_WORKFLOW, images: [] });
    expect(shape(fake)).toEqual(shape({ ...real, output: { images: real.output.images.slice(0, 1) } }));
  });

  it("answers a refused workflow as the real handler did, in worker-comfyui's words", async () => {
    const input = JSON.parse(answers.run_validation_error!.request) as { input: object };
    const fake = (await fakeJob(input.input)) as { error: string };
    expect(Object.keys(fake).sort()).toEqual(
      Object.keys(JSON.parse(answers.status_validation_error!.answer)).sort(),
    );
    expect(fake.error.split('\n')[0]).toBe('Workflow validation failed:');
  });

  it('answers a failed execution as the real handler did', async () => {
    // The dev worker fails a prompt asking for it.
    const workflow = structuredClone(STILL_WORKFLOW);
    workflow['1'].inputs.default = '[[fail: No image file in the input folder]]';
    const fake = (await fakeJob({ workflow, images: [] })) as { output: { details: string[] } };
    const real = JSON.parse(answers.status_execution_error!.answer) as { output: { details: string[] } };
    expect(Object.keys(fake).sort()).toEqual(Object.keys(real).sort());
    expect(fake).toMatchObject({ status: 'FAILED', error: 'Job processing failed' });
    expect(fake.output.details).toHaveLength(real.output.details.length);
    expect(fake.output.details[0]).toMatch(
      /^Workflow execution error: Node Type: \w+, Node ID: \d+, Message: .*\n$/,
    );
    expect(real.output.details[0]).toMatch(
      /^Workflow execution error: Node Type: \w+, Node ID: \d+, Message: .*\n$/,
    );
  });
});
