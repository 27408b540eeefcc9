import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
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

describe('a comfyui-api prompt whose outcome was dropped', () => {
  it('counts as lost once a prompt comfyui-api took clearly later had its outcome 30 s ago, not before', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(req.url === '/prompt' ? 202 : 200, { 'content-type': 'application/json' });
        res.end('{"status":"ok"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const kept: Record<string, ComfyApiReceived> = {};
    const api = new ComfyApiWorker({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      webhookUrl: 'http://studio.invalid/webhook',
      inbox: { read: async (id) => kept[id] ?? null },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      await api.queuePrompt({}, { promptId: 'first' });
      await api.queuePrompt({}, { promptId: 'same-moment' });
      vi.setSystemTime(start + 3_000);
      await api.queuePrompt({}, { promptId: 'later' });
      const done = (id: string) => ({
        delivery: { type: 'prompt.complete' as const, id, images: [], filenames: [] },
        started: true,
        progress: null,
        at: new Date(),
      });
      kept['same-moment'] = done('same-moment');
      kept['later'] = done('later');
      await api.waitForPrompt('same-moment', { pollMs: 1 });
      // Taken at the same moment as `first`: its outcome says nothing of `first`'s (ComfyUI may run either first).
      vi.setSystemTime(start + 60_000);
      const waiting = api.waitForPrompt('first', { pollMs: 5 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      kept['first'] = done('first');
      expect(await waiting).toMatchObject({ status: 'success' });

      delete kept['first'];
      await api.queuePrompt({}, { promptId: 'first' });
      vi.setSystemTime(start + 63_000);
      await api.queuePrompt({}, { promptId: 'later' });
      await api.waitForPrompt('later', { pollMs: 1 });
      vi.setSystemTime(start + 80_000);
      let settled = false;
      const early = api.waitForPrompt('first', { pollMs: 5 }).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toBe(false); // 17 s after the later outcome: it may still come.
      vi.setSystemTime(start + 94_000);
      expect(await early).toMatchObject({
        status: 'failed',
        message: expect.stringMatching(
          /is no longer on ComfyUI worker .*a prompt it took later already had its outcome/,
        ),
      });
    } finally {
      vi.useRealTimers();
      server.close();
    }
  });
});
