import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevWorker, type DevWorker } from './dev-worker';
import { connectWs, getJson, postJson, textToImage, type WsRecorder } from './test-support';

let worker: DevWorker;
let ws: WsRecorder;
beforeAll(async () => {
  worker = await startDevWorker({ port: 0, stepMs: 10, protocol: '0.3.18' });
  ws = await connectWs(worker.url, 'legacy');
});
afterAll(async () => {
  ws.close();
  await worker.close();
});

// The expected answers are those recorded from ComfyUI 0.3.18 (fixtures/comfyui-protocol/exchanges-0.3.18.md).
describe('imitating ComfyUI 0.3.18', () => {
  it('ignores a client-chosen prompt_id, sends no progress_state and keeps no create_time', async () => {
    const chosen = '20e44219-5981-4d73-bb97-274b5acd78d9';
    const { body } = await postJson(worker.url, '/prompt', {
      prompt: textToImage('legacy'),
      client_id: 'legacy',
      prompt_id: chosen,
    });
    const promptId = body!.prompt_id as string;
    expect(promptId).not.toBe(chosen);
    const done = await ws.untilDone(promptId);
    expect(done.some((m) => m.type === 'progress_state')).toBe(false);
    expect(done.filter((m) => m.type === 'progress')).toHaveLength(3);
    const history = (await getJson(worker.url, `/history/${promptId}`))[promptId] as { prompt: unknown[] };
    expect(history.prompt[3]).toEqual({ client_id: 'legacy' });
  });

  it('answers prompt-level errors with node_errors as a list', async () => {
    const unknown = await postJson(worker.url, '/prompt', {
      prompt: { '1': { class_type: 'NoSuchNode', inputs: {} } },
    });
    expect(unknown.body).toEqual({
      error: {
        type: 'invalid_prompt',
        message: 'Cannot execute because node NoSuchNode does not exist.',
        details: "Node ID '#1'",
        extra_info: {},
      },
      node_errors: [],
    });
    const missing = await postJson(worker.url, '/prompt', { client_id: 'legacy' });
    expect([missing.status, missing.body]).toEqual([400, { error: 'no prompt', node_errors: [] }]);
  });

  it('has no /features or /api/jobs and reports its version', async () => {
    for (const path of ['/features', '/api/jobs', '/api/jobs/anything']) {
      const response = await fetch(`${worker.url}${path}`);
      expect([response.status, await response.text()]).toEqual([404, '404: Not Found']);
    }
    const stats = (await getJson(worker.url, '/system_stats')) as { system: { comfyui_version: string } };
    expect(stats.system.comfyui_version).toBe('0.3.18');
  });

  it('interrupts whatever runs, even when /interrupt names another prompt', async () => {
    const { body } = await postJson(worker.url, '/prompt', {
      prompt: textToImage('slow', { steps: 50 }),
      client_id: 'legacy',
    });
    const running = body!.prompt_id as string;
    await ws.waitFor((m) => m.type === 'progress' && m.data.prompt_id === running);
    await postJson(worker.url, '/interrupt', { prompt_id: 'not-the-running-one' });
    const done = await ws.untilDone(running);
    expect(done.some((m) => m.type === 'execution_interrupted')).toBe(true);
    expect(await getJson(worker.url, '/queue')).toEqual({ queue_running: [], queue_pending: [] });
  });
});
