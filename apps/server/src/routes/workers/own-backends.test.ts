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
import { workers } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { workerClient } from './worker-test-client';

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
  endpoint = await startRunPodFake({ comfyUrl: comfy.url, apiKey: 'rp_ann' });
  salad = await startComfyApiFake({ comfyUrl: comfy.url, webhookSecret: 'whsec_c2VjcmV0' });
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
    const response = await client.add(ann, { url: endpoint.url, backend: 'runpod', api_key: 'rp_ann' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('rp_ann');
    expect(response.json<OwnWorker>()).toMatchObject({
      backend: 'runpod',
      healthy: true,
      queue_depth: 0,
      cold_starts: 0,
      comfyui_version: null,
    });
    const listed = (await client.list(ann)).body;
    expect(listed).toContain('"backend":"runpod"');
    expect(listed).not.toContain('rp_ann');
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
      comfyui_version: '1.9.0',
      queue_depth: null,
      cold_starts: null,
    });
  });
});
