import { describe, expect, it } from 'vitest';
import { ComfyApiWorker, type ComfyApiReceived } from './comfyui-api-worker';

function worker(kept: Record<string, ComfyApiReceived>) {
  return new ComfyApiWorker({
    baseUrl: 'http://comfyui-api.invalid',
    webhookUrl: 'http://studio.invalid/webhook',
    inbox: { read: async (id) => kept[id] ?? null },
    unconfirmedMs: 0,
  });
}

describe('a comfyui-api prompt adopted after a studio restart', () => {
  it('counts as never received when no webhook delivery came for it, so the job is submitted again', async () => {
    const api = worker({});
    expect(await api.findSubmitted({ promptId: 'p-1', clientId: null, filenamePrefix: 'x' })).toBe('p-1');
    const outcome = await api.waitForPrompt('p-1', { pollMs: 1 });
    // The engine sends a job whose prompt "is no longer on" its worker back to the queue.
    expect(outcome).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/is no longer on ComfyUI worker/),
    });
  });

  it('is followed to its outcome once anything was delivered for it', async () => {
    const delivery = { type: 'prompt.failed' as const, id: 'p-2', error: 'CUDA out of memory' };
    const api = worker({ 'p-2': { delivery, started: true, progress: null } });
    expect(await api.findSubmitted({ promptId: 'p-2', clientId: null, filenamePrefix: 'x' })).toBe('p-2');
    expect(await api.waitForPrompt('p-2', { pollMs: 1 })).toMatchObject({ message: 'CUDA out of memory' });
  });
});
