import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ComfyClient } from './comfy-client';
import { ComfyUnavailableError } from './errors';

const KSAMPLER = {
  KSampler: {
    input: { required: { seed: ['INT', { default: 0 }] } },
    output: ['LATENT'],
    name: 'KSampler',
    display_name: 'KSampler',
    category: 'sampling',
    output_node: false,
  },
};

let servers: Server[] = [];
afterEach(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  servers = [];
});

/** A worker answering `answer`; `resetSecond` drops a kept-alive connection's second request unanswered. */
async function worker(answer: unknown, resetSecond = false): Promise<string> {
  const server = createServer((request, response) => {
    const socket = request.socket as typeof request.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    // As a worker closing an idle connection just as the client sends on it.
    if (resetSecond && socket.served === 2) return void socket.destroy();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer));
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the client's kept-alive connections", () => {
  it('sends a read again on a new connection when the worker closed the reused one', async () => {
    const client = new ComfyClient({ baseUrl: await worker(KSAMPLER, true) });
    await client.objectInfo();
    expect(Object.keys(await client.objectInfo())).toEqual(['KSampler']);
  });

  it('does not send a prompt without a chosen id twice: a reset submit fails as the worker being unavailable', async () => {
    const client = new ComfyClient({ baseUrl: await worker({ prompt_id: 'p1', number: 1 }, true) });
    await client.queuePrompt({});
    await expect(client.queuePrompt({})).rejects.toBeInstanceOf(ComfyUnavailableError);
  });

  it('closes an idle connection before the end the worker announces, so a submit finds a live one', async () => {
    const baseUrl = await worker({ prompt_id: 'p1', number: 1 });
    const server = servers.at(-1)!;
    server.keepAliveTimeout = 2_000; // announced as Keep-Alive: timeout=2
    const client = new ComfyClient({ baseUrl });
    await client.queuePrompt({});
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const open = await new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    expect(open).toBe(0);
    expect((await client.queuePrompt({})).prompt_id).toBe('p1');
  });
});

/**
 * A worker that keeps the prompts it reads (`/queue` lists them). `onSecondSubmit` says what it does with
 * a kept-alive connection's second request: reset it unread, keep the prompt and then reset, or begin
 * its answer and reset.
 */
async function promptWorker(onSecondSubmit: 'reset-unread' | 'keep-then-reset' | 'answer-half') {
  const held: unknown[][] = [];
  let submits = 0;
  const server = createServer((request, response) => {
    const socket = request.socket as typeof request.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/queue') {
        return void response.end(JSON.stringify({ queue_running: [], queue_pending: held }));
      }
      if (request.url?.startsWith('/history')) return void response.end('{}');
      submits += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      const item = [held.length, body.prompt_id, body.prompt, { client_id: body.client_id }, []];
      if (socket.served === 2 && onSecondSubmit === 'reset-unread') return void socket.destroy();
      held.push(item);
      if (socket.served === 2 && onSecondSubmit === 'keep-then-reset') return void socket.destroy();
      if (socket.served === 2 && onSecondSubmit === 'answer-half') {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: appl');
        return void setTimeout(() => socket.destroy(), 20);
      }
      response.end(JSON.stringify({ prompt_id: body.prompt_id, number: item[0], node_errors: {} }));
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, held, submits: () => submits };
}

const SAVE = (prefix: string) => ({
  '1': { class_type: 'SaveImage', inputs: { filename_prefix: prefix, images: ['2', 0] } },
});

describe('a submit cut off on a kept-alive connection', () => {
  it('is sent again on a new connection when the worker reset it unread', async () => {
    const worker = await promptWorker('reset-unread');
    const client = new ComfyClient({ baseUrl: worker.baseUrl });
    await client.queuePrompt(SAVE('studio/a'), { promptId: 'a' });
    const queued = await client.queuePrompt(SAVE('studio/b'), { promptId: 'b' });
    expect(queued.prompt_id).toBe('b');
    expect(worker.held.map((item) => item[1])).toEqual(['a', 'b']);
  });

  it('is not sent again when the worker holds it already: the prompt runs once', async () => {
    const worker = await promptWorker('keep-then-reset');
    const client = new ComfyClient({ baseUrl: worker.baseUrl });
    await client.queuePrompt(SAVE('studio/a'), { promptId: 'a' });
    expect((await client.queuePrompt(SAVE('studio/b'), { promptId: 'b' })).prompt_id).toBe('b');
    expect(worker.submits()).toBe(2);
    expect(worker.held.map((item) => item[1])).toEqual(['a', 'b']);
  });

  it('is not sent again once part of the answer arrived', async () => {
    const worker = await promptWorker('answer-half');
    const client = new ComfyClient({ baseUrl: worker.baseUrl });
    await client.queuePrompt(SAVE('studio/a'), { promptId: 'a' });
    await expect(client.queuePrompt(SAVE('studio/b'), { promptId: 'b' })).rejects.toBeInstanceOf(
      ComfyUnavailableError,
    );
    expect(worker.submits()).toBe(2);
  });
});

describe("workers' node definitions", () => {
  it('are validated once for a pool of identical workers, which share them', async () => {
    const first = await new ComfyClient({ baseUrl: await worker(KSAMPLER) }).objectInfo();
    const second = await new ComfyClient({ baseUrl: await worker(KSAMPLER) }).objectInfo();
    expect(second).toBe(first);
    const other = { ...KSAMPLER, KSampler: { ...KSAMPLER.KSampler, display_name: 'Sampler' } };
    const different = await new ComfyClient({ baseUrl: await worker(other) }).objectInfo();
    expect(different).not.toBe(first);
    expect(different.KSampler?.display_name).toBe('Sampler');
  });
});
