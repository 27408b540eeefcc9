import { describe, expect, it } from 'vitest';
import { RunPodWorker } from './runpod-worker';

describe('a RunPod job adopted after a studio restart without its RunPod id', () => {
  it('counts as never received when no webhook told its id, so the job is submitted again', async () => {
    const runpod = new RunPodWorker({
      baseUrl: 'http://runpod.invalid/v2/endpoint',
      findJob: async () => null,
      unconfirmedMs: 0,
    });
    expect(await runpod.findSubmitted({ promptId: 'p-1', clientId: null, filenamePrefix: 'x' })).toBe('p-1');
    const outcome = await runpod.waitForPrompt('p-1', { pollMs: 1 });
    // The engine sends a job whose prompt "is no longer on" its worker back to the queue.
    expect(outcome).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/is no longer on ComfyUI worker/),
    });
  });

  it('is submitted again at once when the studio gives RunPod no webhook', async () => {
    const runpod = new RunPodWorker({ baseUrl: 'http://runpod.invalid/v2/endpoint' });
    expect(await runpod.findSubmitted({ promptId: 'p-1', clientId: null, filenamePrefix: 'x' })).toBeNull();
  });
});
