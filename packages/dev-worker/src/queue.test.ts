import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevWorker, type DevWorker } from './dev-worker';
import type { ApiPrompt, HistoryEntry } from './prompt-types';
import { connectWs, getJson, postJson, textToImage, type WsRecorder } from './test-support';

let worker: DevWorker;
let ws: WsRecorder;
beforeAll(async () => {
  worker = await startDevWorker({
    port: 0,
    stepMs: 10,
    failWhen: (prompt) => (JSON.stringify(prompt).includes('out of memory') ? 'CUDA out of memory' : null),
  });
  ws = await connectWs(worker.url, 'queue-tests');
});
afterAll(async () => {
  ws.close();
  await worker.close();
});

const submit = async (prompt: ApiPrompt) => {
  const { body } = await postJson(worker.url, '/prompt', { prompt, client_id: 'queue-tests' });
  return body!.prompt_id as string;
};
const slow = () => textToImage('a slow take', { steps: 50 });
const history = async (id: string) =>
  (await getJson(worker.url, `/history/${id}`))[id] as HistoryEntry | undefined;

describe('the queue', () => {
  it('runs prompts one at a time in submission order and lists them in /queue', async () => {
    const first = await submit(slow());
    const second = await submit(textToImage('second'));
    await ws.waitFor((m) => m.type === 'executing' && m.data.prompt_id === first);
    const queue = await getJson(worker.url, '/queue');
    expect((queue.queue_running as unknown[][]).map((item) => item[1])).toEqual([first]);
    expect((queue.queue_pending as unknown[][]).map((item) => item[1])).toEqual([second]);
    const [number, id, prompt, extra, outputs] = (queue.queue_pending as unknown[][])[0]!;
    expect([typeof number, id, prompt, outputs]).toEqual(['number', second, textToImage('second'), ['7']]);
    expect(extra).toEqual({ client_id: 'queue-tests', create_time: expect.any(Number) });
    expect(await getJson(worker.url, '/prompt')).toEqual({ exec_info: { queue_remaining: 2 } });
    expect(await history(second)).toBeUndefined();
    expect(await history(first)).toBeUndefined();

    await ws.untilDone(second);
    const starts = ws.messages.filter((m) => m.type === 'execution_start').map((m) => m.data.prompt_id);
    expect(starts.indexOf(first)).toBeLessThan(starts.indexOf(second));
    const firstDone = ws.messages.findIndex(
      (m) => m.type === 'execution_success' && m.data.prompt_id === first,
    );
    const secondStart = ws.messages.findIndex(
      (m) => m.type === 'execution_start' && m.data.prompt_id === second,
    );
    expect(firstDone).toBeLessThan(secondStart);
  });

  it('deletes a waiting prompt so it never runs', async () => {
    const running = await submit(slow());
    const waiting = await submit(textToImage('never'));
    const deleted = await fetch(`${worker.url}/queue`, {
      method: 'POST',
      body: JSON.stringify({ delete: [waiting] }),
    });
    expect([deleted.status, deleted.headers.get('content-type'), await deleted.text()]).toEqual([
      200,
      'application/octet-stream',
      '',
    ]);
    expect(((await getJson(worker.url, '/queue')).queue_pending as unknown[]).length).toBe(0);
    await ws.untilDone(running);
    expect(ws.messages.some((m) => m.data.prompt_id === waiting)).toBe(false);
    expect(await getJson(worker.url, `/history/${waiting}`)).toEqual({});
  });

  it('interrupts only the running prompt it names, with execution_interrupted and an error history', async () => {
    const running = await submit(slow());
    await ws.waitFor((m) => m.type === 'progress' && m.data.prompt_id === running);
    await postJson(worker.url, '/interrupt', { prompt_id: 'not-the-running-one' });
    const queue = await getJson(worker.url, '/queue');
    expect((queue.queue_running as unknown[][]).map((item) => item[1])).toEqual([running]);

    const answer = await postJson(worker.url, '/interrupt', { prompt_id: running });
    expect(answer.status).toBe(200);
    const done = await ws.untilDone(running);
    const interrupted = done.find((m) => m.type === 'execution_interrupted')!;
    expect(interrupted.data).toEqual({
      prompt_id: running,
      node_id: '5',
      node_type: 'KSampler',
      executed: ['4', '3', '2', '1'],
      timestamp: expect.any(Number),
    });
    expect(done.slice(-3).map((m) => m.type)).toEqual(['execution_interrupted', 'status', 'executing']);
    const entry = (await history(running))!;
    expect(entry.status).toMatchObject({ status_str: 'error', completed: false });
    expect(entry.outputs).toEqual({});
  });

  it('fails a prompt when failWhen says so, with execution_error and the message in history', async () => {
    const failing = await submit(textToImage('out of memory please'));
    const done = await ws.untilDone(failing);
    const error = done.find((m) => m.type === 'execution_error')!;
    expect(error.data).toMatchObject({
      prompt_id: failing,
      node_id: '5',
      node_type: 'KSampler',
      executed: ['4', '3', '2', '1'],
      exception_message: 'CUDA out of memory',
      exception_type: 'RuntimeError',
    });
    expect(done.slice(-3).map((m) => m.type)).toEqual(['execution_error', 'status', 'executing']);
    const entry = (await history(failing))!;
    expect(entry.status).toMatchObject({ status_str: 'error', completed: false });
    const messages = entry.status.messages;
    expect(messages.map(([type]) => type)).toEqual([
      'execution_start',
      'execution_cached',
      'execution_error',
    ]);
    expect(messages[2]![1].exception_message).toBe('CUDA out of memory');
  });

  it('fails a prompt whose text asks for it with [[fail: message]]', async () => {
    const failing = await submit(textToImage('a shot [[fail: the GPU caught fire]]'));
    const done = await ws.untilDone(failing);
    expect(done.find((m) => m.type === 'execution_error')!.data.exception_message).toBe(
      'the GPU caught fire',
    );
    const plain = await submit(textToImage('[[fail]]'));
    const error = (await ws.untilDone(plain)).find((m) => m.type === 'execution_error')!;
    expect(error.data.exception_message).toMatch(/\[\[fail\]\]/);
  });

  it('clears the waiting prompts with {clear: true}', async () => {
    const running = await submit(slow());
    await submit(textToImage('one'));
    await submit(textToImage('two'));
    await postJson(worker.url, '/queue', { clear: true });
    expect(((await getJson(worker.url, '/queue')).queue_pending as unknown[]).length).toBe(0);
    await postJson(worker.url, '/interrupt', {});
    await ws.untilDone(running);
    expect(await getJson(worker.url, '/prompt')).toEqual({ exec_info: { queue_remaining: 0 } });
  });
});
