import { signStandardWebhook, webhookSecretKey } from '@cinegraph/comfy';
import { startComfyApiFake, startDevWorker, type ComfyApiFake } from '@cinegraph/dev-worker';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { comfyApiDeliveries, generations } from '../../db/schema';
import {
  generate,
  generationMovie,
  testDispatcher,
  waitForStatus,
  type GenerationMovie,
} from '../../engine/engine-test-support';
import { startListeningTestApp } from '../assets/listening-test-app';
import type { TestApp } from '../../test/test-app';
import { workerClient } from './worker-test-client';

let t: TestApp;
let ann: GenerationMovie;
let bob: GenerationMovie;
let comfyUrl: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(async () => {
  // Listening: comfyui-api delivers over HTTP. No shared secret: users' servers never need it.
  t = await startListeningTestApp();
  ann = await generationMovie(t, 'ann@example.com');
  bob = await generationMovie(t, 'bob@example.com');
  const comfy = await startDevWorker({ port: 0, host: '127.0.0.1', stepMs: 5 });
  comfyUrl = comfy.url;
  cleanups.push(() => comfy.close());
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  await t.close();
});

/** A comfyui-api server the user adds, then starts (on the same address) with the settings shown. */
async function ownServer(user: GenerationMovie) {
  let server: ComfyApiFake = await startComfyApiFake({ comfyUrl, webhookSecret: 'c2VjcmV0' });
  const worker = await workerClient(t).added(user.user, { url: server.url, backend: 'comfyui-api' });
  expect(worker.webhook).toEqual({
    url: `${t.config.publicUrl}/api/v1/workers/comfyui-api/webhook/${worker._id}`,
    secret: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
  });
  await server.close();
  server = await startComfyApiFake({
    comfyUrl,
    webhookSecret: worker.webhook!.secret,
    systemWebhookUrl: worker.webhook!.url,
    port: Number(new URL(server.url).port),
  });
  cleanups.push(() => server.close());
  return { worker, server };
}

function post(url: string, secret: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const stamp = Math.round(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'webhook-id': 'forged',
    'webhook-timestamp': String(stamp),
    'webhook-signature': signStandardWebhook(body, webhookSecretKey(secret), 'forged', stamp),
  };
  return t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
}

describe("a user's own comfyui-api server", () => {
  it('runs jobs signed with its own secret, and no other user can sign deliveries for its prompts', async () => {
    const annServer = await ownServer(ann);
    const dispatcher = testDispatcher(t);
    dispatcher.start();
    cleanups.push(() => dispatcher.stop());
    const [id] = await generate(t, ann, [ann.shotIds[0]!], 1);
    await waitForStatus(t, [id!], ['success', 'failed'], 30_000);
    const [job] = await t.db.select().from(generations).where(eq(generations.id, id!));
    expect(job, job!.errorMessage ?? '').toMatchObject({ status: 'success', workerId: annServer.worker._id });
    expect(annServer.server.received[0]!.webhook_v2).toBe(annServer.worker.webhook!.url);

    // Bob runs a comfyui-api server too, with a secret of his own.
    const bobServer = await ownServer(bob);
    expect(bobServer.worker.webhook!.secret).not.toBe(annServer.worker.webhook!.secret);
    const forged = { type: 'prompt.failed', id: job!.promptId, error: 'forged by bob', prompt: {} };
    // At Ann's address his secret does not verify; at his own, Ann's prompt is not his to report.
    const atAnns = await post(annServer.worker.webhook!.url, bobServer.worker.webhook!.secret, forged);
    expect(atAnns.statusCode).toBe(401);
    const atHis = await post(bobServer.worker.webhook!.url, bobServer.worker.webhook!.secret, forged);
    expect(atHis.json()).toEqual({ received: false });
    const [kept] = await t.db
      .select()
      .from(comfyApiDeliveries)
      .where(eq(comfyApiDeliveries.promptId, job!.promptId!));
    expect(kept!.delivery).toMatchObject({ type: 'prompt.complete' });
    // The shared pool's address is closed: this studio has no COMFYUI_API_WEBHOOK_SECRET.
    const shared = await post(`${t.config.publicUrl}/api/v1/workers/comfyui-api/webhook`, 'c2VjcmV0', forged);
    expect(shared.statusCode).toBe(404);
  }, 60_000);
});
