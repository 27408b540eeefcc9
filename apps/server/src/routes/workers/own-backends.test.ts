import type { OwnWorker } from '@cinegraph/contracts';
import {
  startComfyApiFake,
  startDevWorker,
  startRunPodFake,
  type ComfyApiFake,
  type DevWorker,
  type RunPodFake,
} from '@cinegraph/dev-worker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { workers } from '../../db/schema';
import { probeWorker } from '../../services/workers/probe-worker';
import { openWorkerKey, sealPlainWorkerKeys } from '../../services/workers/worker-keys';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { workerClient } from './worker-test-client';

const KEY = 'rp_ann_secret_7Kq2';
let t: TestApp;
let ann: SignedInUser;
let comfy: DevWorker;
let endpoint: RunPodFake;
let salad: ComfyApiFake;
let client: ReturnType<typeof workerClient>;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signIn(t, 'ann@example.com');
  comfy = await startDevWorker({ port: 0, host: '127.0.0.1', stepMs: 5 });
  endpoint = await startRunPodFake({ comfyUrl: comfy.url, apiKey: KEY });
  salad = await startComfyApiFake({ comfyUrl: comfy.url, webhookSecret: 'c2VjcmV0' });
});
afterAll(async () => {
  await endpoint.close();
  await salad.close();
  await comfy.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(workers);
  client = workerClient(t);
});

describe("a user's own RunPod endpoint", () => {
  it('is added after its /health answered with the key, shows queue depth and cold starts, never the key', async () => {
    const response = await client.add(ann, { url: endpoint.url, backend: 'runpod', api_key: KEY });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(KEY);
    expect(response.json<OwnWorker>()).toMatchObject({
      backend: 'runpod',
      healthy: true,
      queue_depth: 0,
      cold_starts: 0,
      comfyui_version: null,
      api_key_ending: '7Kq2',
    });
    const listed = (await client.list(ann)).body;
    expect(listed).toContain('"backend":"runpod"');
    expect(listed).not.toContain(KEY);
    // At rest the key is sealed (AES-256-GCM under the studio's secret), not in plain text.
    const [row] = await t.db.select().from(workers);
    expect(row!.apiKey).toMatch(/^sealed:v1:/);
    expect(row!.apiKey).not.toContain(KEY);
    expect(openWorkerKey(row!.apiKey)).toBe(KEY);
  });

  it('has a key stored in plain text before keys were sealed sealed on start, and keeps working', async () => {
    const [row] = await t.db
      .insert(workers)
      .values({ url: endpoint.url, userId: ann.userId, backend: 'runpod', apiKey: KEY })
      .returning();
    expect(await sealPlainWorkerKeys(t.db)).toBe(1);
    expect(await sealPlainWorkerKeys(t.db)).toBe(0);
    const [sealed] = await t.db.select().from(workers).where(eq(workers.id, row!.id));
    expect(sealed!.apiKey).toMatch(/^sealed:v1:/);
    const listed = await client.list(ann);
    expect(listed.json<OwnWorker[]>()[0]).toMatchObject({ api_key_ending: '7Kq2' });
    expect(await probeWorker({ ...sealed!, userId: ann.userId }, true)).toMatchObject({ queueDepth: 0 });
  });

  it('is refused with a message naming the endpoint when the key is wrong', async () => {
    const response = await client.add(ann, { url: endpoint.url, backend: 'runpod', api_key: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail:
        `Nothing answered at ${endpoint.url} (asked ${endpoint.url}/health). Check that a RunPod endpoint ` +
        'answers and that this address is reachable from the studio server, and the API key.',
    });
  });

  it('refuses an unknown backend', async () => {
    const response = await client.add(ann, { url: endpoint.url, backend: 'modal' });
    expect(response.statusCode).toBe(400);
  });
});

describe("a user's own comfyui-api server", () => {
  it('is added after its /health and /ready answered, with its version', async () => {
    const response = await client.add(ann, { url: salad.url, backend: 'comfyui-api' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OwnWorker>()).toMatchObject({
      backend: 'comfyui-api',
      healthy: true,
      comfyui_version: '1.18.0',
      queue_depth: null,
      cold_starts: null,
    });
  });
});
