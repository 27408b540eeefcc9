import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevWorker, type DevWorker } from './dev-worker';
import { connectWs, getJson, postJson, textToImage } from './test-support';

let worker: DevWorker;
beforeAll(async () => {
  worker = await startDevWorker({ port: 0, stepMs: 5 });
});
afterAll(() => worker.close());

describe('running a prompt', () => {
  it('greets a WebSocket client with status and its sid', async () => {
    const ws = await connectWs(worker.url, 'greeted');
    const first = await ws.waitFor(() => true);
    expect(first).toEqual({
      type: 'status',
      data: { status: { exec_info: { queue_remaining: 0 } }, sid: 'greeted' },
    });
    ws.close();
  });

  it("sends the submitting client ComfyUI's messages in order, then history and /view give the PNG", async () => {
    const ws = await connectWs(worker.url, 'studio-1');
    const other = await connectWs(worker.url, 'someone-else');
    const submitted = await postJson(worker.url, '/prompt', {
      prompt: textToImage('a lighthouse at dusk', { width: 320, height: 192, steps: 3 }),
      client_id: 'studio-1',
      extra_data: { extra_pnginfo: { workflow: { note: 'test' } } },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.contentType).toBe('application/json; charset=utf-8');
    const promptId = submitted.body!.prompt_id as string;
    expect(submitted.body).toEqual({ prompt_id: promptId, number: expect.any(Number), node_errors: {} });

    const messages = (await ws.untilDone(promptId)).filter((m) => m.type !== 'progress_state');
    const summary = messages.map((m) =>
      m.type === 'executing' || m.type === 'executed' ? `${m.type}:${m.data.node}` : m.type,
    );
    expect(summary).toEqual([
      'execution_start',
      'execution_cached',
      'executing:1',
      'executing:2',
      'executing:3',
      'executing:4',
      'executing:5',
      'progress',
      'progress',
      'progress',
      'executing:6',
      'executing:7',
      'executed:7',
      'execution_success',
      'status',
      'executing:null',
    ]);
    // As recorded: the greeting, two statuses with the prompt counted, ..., a status with the queue empty.
    const statuses = ws.messages.filter((m) => m.type === 'status').map((m) => m.data.status);
    const counted = { exec_info: { queue_remaining: 1 } };
    expect(statuses.slice(1)).toEqual([counted, counted, { exec_info: { queue_remaining: 0 } }]);
    expect(ws.messages.slice(1, 4).map((m) => m.type)).toEqual(['status', 'status', 'execution_start']);
    expect(messages.filter((m) => m.type === 'progress').map((m) => m.data)).toEqual(
      [1, 2, 3].map((value) => ({ value, max: 3, prompt_id: promptId, node: '5' })),
    );
    const executed = messages.find((m) => m.type === 'executed')!;
    const image = { filename: 'take_00001_.png', subfolder: 'shots', type: 'output' };
    expect(executed.data).toEqual({
      node: '7',
      display_node: '7',
      output: { images: [image] },
      prompt_id: promptId,
    });
    expect(other.messages.some((m) => m.data.prompt_id === promptId)).toBe(false);

    const history = await getJson(worker.url, `/history/${promptId}`);
    expect(Object.keys(history)).toEqual([promptId]);
    const entry = history[promptId] as Record<string, unknown>;
    expect(entry.outputs).toEqual({ '7': { images: [image] } });
    expect(entry.status).toMatchObject({ status_str: 'success', completed: true });
    const kept = (entry.status as { messages: Array<[string]> }).messages.map(([type]) => type);
    expect(kept).toEqual(['execution_start', 'execution_cached', 'execution_success']);
    expect(entry.meta).toEqual({
      '7': { node_id: '7', display_node: '7', parent_node: null, real_node_id: '7' },
    });
    expect(entry.prompt).toEqual([
      submitted.body!.number,
      promptId,
      textToImage('a lighthouse at dusk', { width: 320, height: 192, steps: 3 }),
      {
        extra_pnginfo: { workflow: { note: 'test' } },
        client_id: 'studio-1',
        create_time: expect.any(Number),
      },
      ['7'],
    ]);

    const view = await fetch(`${worker.url}/view?filename=take_00001_.png&subfolder=shots&type=output`);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('image/png');
    expect(view.headers.get('content-disposition')).toBe('filename="take_00001_.png"');
    const png = Buffer.from(await view.arrayBuffer());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(await sharp(png).metadata()).toMatchObject({ width: 320, height: 192, format: 'png' });
    ws.close();
    other.close();
  });

  it('numbers repeated outputs on from the highest file, like ComfyUI', async () => {
    const ws = await connectWs(worker.url, 'studio-2');
    const prompt = textToImage('again');
    for (const expected of ['take_00002_.png', 'take_00003_.png']) {
      const { body } = await postJson(worker.url, '/api/prompt', { prompt, client_id: 'studio-2' });
      const done = await ws.untilDone(body!.prompt_id as string);
      const executed = done.find((m) => m.type === 'executed')!;
      expect(executed.data.output).toEqual({
        images: [{ filename: expected, subfolder: 'shots', type: 'output' }],
      });
    }
    ws.close();
  });

  it('honours a client-chosen prompt_id, as ComfyUI 0.8.0 does', async () => {
    const ws = await connectWs(worker.url, 'studio-3');
    const promptId = '5256b8ca-5b38-416c-993e-9f835bc5a6a0';
    const { body } = await postJson(worker.url, '/prompt', {
      prompt: textToImage('chosen id'),
      client_id: 'studio-3',
      prompt_id: promptId,
    });
    expect(body!.prompt_id).toBe(promptId);
    const done = await ws.untilDone(promptId);
    expect(done.at(-3)!.type).toBe('execution_success');
    expect(Object.keys(await getJson(worker.url, `/history/${promptId}`))).toEqual([promptId]);
    ws.close();
  });

  it('lists finished prompts in /api/jobs, newest first, as ComfyUI 0.8.0 does', async () => {
    const jobs = (await getJson(worker.url, '/api/jobs?status=completed&limit=2')) as {
      jobs: Array<Record<string, unknown>>;
      pagination: Record<string, unknown>;
    };
    expect(jobs.jobs).toHaveLength(2);
    expect(jobs.jobs[0]).toEqual({
      id: '5256b8ca-5b38-416c-993e-9f835bc5a6a0',
      status: 'completed',
      priority: expect.any(Number),
      create_time: expect.any(Number),
      execution_start_time: expect.any(Number),
      execution_end_time: expect.any(Number),
      outputs_count: 1,
    });
    expect(jobs.pagination).toEqual({ offset: 0, limit: 2, total: 4, has_more: true });
    const job = await getJson(worker.url, '/api/jobs/5256b8ca-5b38-416c-993e-9f835bc5a6a0');
    expect(job).toMatchObject({
      status: 'completed',
      execution_status: { status_str: 'success', completed: true },
    });
    expect(job.workflow).toEqual({
      prompt: textToImage('chosen id'),
      extra_data: { client_id: 'studio-3', create_time: expect.any(Number) },
    });
    const missing = await fetch(`${worker.url}/api/jobs/nonexistent`);
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'Job not found' }]);
  });

  it('answers an unknown history id with {} and /prompt with the queue size', async () => {
    expect(await getJson(worker.url, '/history/00000000-0000-0000-0000-000000000000')).toEqual({});
    expect(await getJson(worker.url, '/prompt')).toEqual({ exec_info: { queue_remaining: 0 } });
    expect(await getJson(worker.url, '/api/queue')).toEqual({ queue_running: [], queue_pending: [] });
  });
});
