import { describe, expect, it } from 'vitest';
import { ComfyApiWorker, type ComfyApiReceived } from './comfyui-api-worker';

function worker(kept: Record<string, ComfyApiReceived>, lostAfterMs = 60_000) {
  return new ComfyApiWorker({
    baseUrl: 'http://comfyui-api.invalid',
    webhookUrl: 'http://studio.invalid/webhook',
    inbox: { read: async (id) => kept[id] ?? null },
    lostAfterMs,
    // No server behind this address: a health check would count it as gone.
    healthEveryMs: 60 * 60_000,
  });
}

describe('a comfyui-api prompt adopted after a studio restart', () => {
  it('counts as lost when comfyui-api said nothing about any prompt for lostAfterMs, so the job is queued again', async () => {
    const api = worker({}, 0);
    expect(await api.findSubmitted({ promptId: 'p-1', clientId: null, filenamePrefix: 'x' })).toBe('p-1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const outcome = await api.waitForPrompt('p-1', { pollMs: 1 });
    // The engine sends a job whose prompt "is no longer on" its worker back to the queue.
    expect(outcome).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/is no longer on ComfyUI worker .*COMFYUI_API_LOST_AFTER_S/),
    });
  });

  it('is followed to its outcome once anything was delivered for it', async () => {
    const delivery = { type: 'prompt.failed' as const, id: 'p-2', error: 'Prompt execution failed' };
    const api = worker({ 'p-2': { delivery, started: true, progress: null, at: new Date() } });
    expect(await api.findSubmitted({ promptId: 'p-2', clientId: null, filenamePrefix: 'x' })).toBe('p-2');
    expect(await api.waitForPrompt('p-2', { pollMs: 1 })).toMatchObject({
      message: 'Prompt execution failed',
    });
  });
});
