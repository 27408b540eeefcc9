import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiPrompt } from '../api-format';
import { startWorkerProcess, type WorkerProcess } from '../test-support/dev-worker-process';
import { ComfyClient } from './comfy-client';
import { ComfyPromptError } from './errors';
import { promptIdOf, type ComfyEvent } from './messages';
import { collectOutputFiles } from './outputs';

/** A 1x1 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PNG_SIGNATURE = '89504e470d0a1a0a';

/** Text input → sampler (reports `steps` progress) → Cinegraph output. */
const stillPrompt = (text: string, steps = 3): ApiPrompt => ({
  '1': { class_type: 'CinegraphInputText', inputs: { name: 'prompt', default: text } },
  '2': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd15.safetensors' } },
  '3': { class_type: 'CLIPTextEncode', inputs: { text: ['1', 0], clip: ['2', 1] } },
  '4': { class_type: 'EmptyLatentImage', inputs: { width: 192, height: 128, batch_size: 1 } },
  '5': {
    class_type: 'KSampler',
    inputs: {
      ...{ model: ['2', 0], positive: ['3', 0], negative: ['3', 0], latent_image: ['4', 0] },
      ...{ seed: 7, steps, cfg: 7, sampler_name: 'euler', scheduler: 'normal', denoise: 1 },
    },
  },
  '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['2', 2] } },
  '7': {
    class_type: 'CinegraphOutput',
    inputs: { name: 'still', images: ['6', 0], filename_prefix: 'cg/still' },
  },
});

describe.each(['0.8.0', '0.3.18'] as const)(
  'ComfyClient against a dev worker imitating ComfyUI %s',
  (version) => {
    let worker: WorkerProcess;
    let client: ComfyClient;
    beforeAll(async () => {
      worker = await startWorkerProcess({ protocol: version, stepMs: 25 });
      client = new ComfyClient({ baseUrl: worker.url, timeoutMs: 5000 });
      await client.connect();
    }, 30_000);
    afterAll(async () => {
      client?.disconnect();
      await worker?.stop();
    });

    it('reads system stats and detects the version', async () => {
      const stats = await client.systemStats();
      expect(stats.system.comfyui_version).toBe(version);
      expect(stats.devices[0]?.name).toMatch(/Preview worker/);
      expect(client.detected).toMatchObject({ version, targetedInterrupt: version === '0.8.0' });
      expect(await client.objectInfoFor('CinegraphOutput')).toMatchObject({ output_node: true });
      expect(await client.objectInfoFor('NoSuchNode')).toBeNull();
      expect(Object.keys(await client.objectInfo())).toContain('KSampler');
    });

    it('uploads an image and views it back', async () => {
      const uploaded = await client.uploadImage(PNG, 'red.png', { subfolder: 'refs', overwrite: true });
      expect(uploaded).toEqual({ name: 'red.png', subfolder: 'refs', type: 'input' });
      const viewed = await client.view({ filename: 'red.png', subfolder: 'refs', type: 'input' });
      expect(viewed.contentType).toBe('image/png');
      expect(Buffer.from(viewed.bytes)).toEqual(PNG);
    });

    it('queues a prompt and waits for success, reporting progress in order', async () => {
      // Heard from before the submit: the worker may start the prompt before its answer is read.
      const heard: ComfyEvent[] = [];
      const off = client.on((event) => heard.push(event));
      const reported: ComfyEvent[] = [];
      const chosen = crypto.randomUUID();
      const queued = await client.queuePrompt(stillPrompt('a lighthouse at dusk'), { promptId: chosen });
      expect(queued.prompt_id === chosen).toBe(version === '0.8.0');
      const outcome = await client.waitForPrompt(queued.prompt_id, { onProgress: (e) => reported.push(e) });
      off();
      expect(outcome.status).toBe('success');
      const events = heard.filter((event) => promptIdOf(event) === queued.prompt_id);
      // The wait reports every event of the prompt from the moment it began, in order.
      const from = events.indexOf(reported[0]!);
      expect(from).toBeGreaterThanOrEqual(0);
      expect(events.slice(from, from + reported.length)).toEqual(reported);
      expect(reported.at(-1)?.type).toBe('execution_success');
      const types = events.map((event) => event.type);
      expect(types[0]).toBe('execution_start');
      expect(types.includes('progress_state')).toBe(version === '0.8.0');
      // Each node once, in an order where every node comes after its inputs; the sampler's steps in order.
      const executing = events.flatMap((e) => (e.type === 'executing' && e.data.node ? [e.data.node] : []));
      expect([...executing].sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      expect(executing.indexOf('1')).toBeLessThan(executing.indexOf('3'));
      expect(executing.slice(-3)).toEqual(['5', '6', '7']);
      const steps = events.flatMap((e, index) => (e.type === 'progress' ? [{ index, ...e.data }] : []));
      expect(steps.map((step) => `${step.node} ${step.value}/${step.max}`)).toEqual([
        '5 1/3',
        '5 2/3',
        '5 3/3',
      ]);
      const sampling = events.findIndex((e) => e.type === 'executing' && e.data.node === '5');
      const decoding = events.findIndex((e) => e.type === 'executing' && e.data.node === '6');
      expect(steps.every((step) => step.index > sampling && step.index < decoding)).toBe(true);
      expect(types.indexOf('executed')).toBeLessThan(types.indexOf('execution_success'));

      const entry = await client.history(queued.prompt_id);
      const files = collectOutputFiles(entry!);
      expect(files).toEqual([
        {
          node_id: '7',
          kind: 'image',
          filename: expect.stringMatching(/^still_\d+_\.png$/),
          subfolder: 'cg',
          type: 'output',
        },
      ]);
      const { bytes, contentType } = await client.view(files[0]!);
      expect(contentType).toBe('image/png');
      expect(Buffer.from(bytes.subarray(0, 8)).toString('hex')).toBe(PNG_SIGNATURE);
    });

    it('ends a prompt its WebSocket heard whole without asking /history, with what /history keeps', async () => {
      const paths: string[] = [];
      const counting = new ComfyClient({
        baseUrl: worker.url,
        fetch: (input, init) => {
          paths.push(new URL(String(input)).pathname);
          return fetch(input, init);
        },
      });
      await counting.connect();
      try {
        const queued = await counting.queuePrompt(stillPrompt('heard whole', 2));
        const outcome = await counting.waitForPrompt(queued.prompt_id, { quietStart: true });
        expect(paths).toEqual(['/prompt']);
        const entry = await counting.history(queued.prompt_id);
        expect(outcome).toMatchObject({ status: 'success', outputs: entry!.outputs });
        const timestamps = (messages: Array<[string, unknown]> | undefined) =>
          (messages ?? []).flatMap(([type, data]) =>
            type === 'execution_start' || type === 'execution_success'
              ? [[type, (data as { timestamp?: number }).timestamp]]
              : [],
          );
        const heard = outcome.status === 'success' ? outcome.history?.status?.messages : undefined;
        expect(timestamps(heard)).toEqual(timestamps(entry!.status?.messages));
        expect(timestamps(heard)).toHaveLength(2);
        // Heard once: a second wait for the same prompt asks /history.
        paths.length = 0;
        expect((await counting.waitForPrompt(queued.prompt_id)).status).toBe('success');
        expect(paths).toContain(`/history/${queued.prompt_id}`);
      } finally {
        counting.disconnect();
      }
    });

    it("sends its calls through Node's HTTP client when given no fetch, non-ASCII text intact", async () => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      try {
        const text = 'un phare au crépuscule — 灯台';
        const queued = await client.queuePrompt(stillPrompt(text, 1));
        const outcome = await client.waitForPrompt(queued.prompt_id);
        const [file] = collectOutputFiles(outcome.status === 'success' ? outcome : { outputs: {} });
        const viewed = await client.openView(file!);
        const chunks: Uint8Array[] = [];
        for await (const chunk of viewed.body) chunks.push(chunk);
        expect(Buffer.concat(chunks).length).toBe(viewed.size);
        const entry = await client.history(queued.prompt_id);
        expect(JSON.stringify(entry?.prompt)).toContain(text);
        expect(fetchSpy).not.toHaveBeenCalled();
      } finally {
        fetchSpy.mockRestore();
      }
    });

    it('refuses an invalid prompt with a readable ComfyPromptError', async () => {
      const missing = client.queuePrompt({
        '1': { class_type: 'EmptyImage', inputs: { width: 64, height: 64, batch_size: 1, color: 0 } },
        '4': { class_type: 'SaveImage', inputs: { filename_prefix: 'x' } },
      });
      await expect(missing).rejects.toThrow('Required input is missing: images (node 4 SaveImage)');
      const unknown = await client
        .queuePrompt({ '1': { class_type: 'NoSuchNode', inputs: {} } })
        .catch((e) => e);
      expect(unknown).toBeInstanceOf(ComfyPromptError);
      expect((unknown as ComfyPromptError).nodeErrors).toEqual({});
      expect((unknown as ComfyPromptError).error.type).toBe('invalid_prompt');
      expect((unknown as Error).message).toMatch(/node NoSuchNode does not exist/);
    });

    it('ends failed with the message of an injected failure', async () => {
      const queued = await client.queuePrompt(stillPrompt('a storm [[fail: boom]]'));
      const outcome = await client.waitForPrompt(queued.prompt_id);
      expect(outcome).toEqual({ status: 'failed', message: 'boom', nodeId: '5', nodeType: 'KSampler' });
    });

    it('interrupts a running prompt, which ends interrupted', async () => {
      const queued = await client.queuePrompt(stillPrompt('a long take', 50));
      const running = new Promise<void>((resolve) => {
        const off = client.on((event) => {
          if (event.type === 'progress' && event.data.prompt_id === queued.prompt_id) resolve(off());
        });
      });
      const outcome = client.waitForPrompt(queued.prompt_id);
      await running;
      expect(await client.interrupt('another-prompt')).toBe(version === '0.8.0');
      expect(await client.interrupt(queued.prompt_id)).toBe(true);
      expect(await outcome).toEqual({ status: 'interrupted' });
    });

    it('cancels a waiting prompt (it ends failed as gone) and a running one (interrupted)', async () => {
      const running = await client.queuePrompt(stillPrompt('first in line', 50));
      const waiting = await client.queuePrompt(stillPrompt('second in line'));
      const first = client.waitForPrompt(running.prompt_id, { pollMs: 50 });
      const second = client.waitForPrompt(waiting.prompt_id, { pollMs: 50 });
      await client.cancel(waiting.prompt_id);
      expect(await second).toMatchObject({
        status: 'failed',
        message: expect.stringContaining(
          `Prompt ${waiting.prompt_id} is no longer on ComfyUI worker ${worker.url}`,
        ),
      });
      expect((await client.getQueue()).running.map((item) => item.prompt_id)).toEqual([running.prompt_id]);
      await client.cancel(running.prompt_id);
      expect(await first).toEqual({ status: 'interrupted' });
    });

    it('still resolves by polling /history when the WebSocket is closed mid-run', async () => {
      const queued = await client.queuePrompt(stillPrompt('no socket', 12));
      const events: ComfyEvent[] = [];
      const outcome = client.waitForPrompt(queued.prompt_id, {
        pollMs: 100,
        onProgress: (event) => {
          events.push(event);
          if (event.type === 'progress') client.disconnect();
        },
      });
      expect((await outcome).status).toBe('success');
      expect(client.connected).toBe(false);
      expect(events.filter((event) => event.type === 'progress')).toHaveLength(1);
      await client.connect();
    });

    it('reconnects after the WebSocket drops and follows prompts again', async () => {
      const reconnected = new Promise<void>((resolve) => {
        const off = client.onConnect(() => resolve(off()));
      });
      client.dropConnection();
      await reconnected;
      expect(client.connected).toBe(true);
      const events: string[] = [];
      const queued = await client.queuePrompt(stillPrompt('after the drop', 1));
      await client.waitForPrompt(queued.prompt_id, {
        pollMs: 60_000,
        onProgress: (e) => events.push(e.type),
      });
      expect(events).toContain('execution_success');
    });
  },
);
