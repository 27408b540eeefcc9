import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe("the runpod SDK's local test API (worker-comfyui with SERVE_API_LOCALLY=true)", () => {
  it('is refused with what to add instead: it answers GET /health 404 (as measured in ../shared/peers/runpod-local)', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"detail":"Not Found"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const runpod = new RunPodWorker({ baseUrl: `http://127.0.0.1:${port}` });
      await expect(runpod.health()).rejects.toThrow(
        /not RunPod's API .* add its ComfyUI \(port 8188\) as a ComfyUI worker instead/,
      );
    } finally {
      server.close();
    }
  });
});
