import WebSocket from 'ws';
import type { ApiPrompt, WsMessage } from './prompt-types';

/** A WebSocket client of the worker that records every JSON message it receives. */
export interface WsRecorder {
  messages: WsMessage[];
  /** Resolves with the first recorded message (past or future) that matches. */
  waitFor(match: (message: WsMessage) => boolean, timeoutMs?: number): Promise<WsMessage>;
  /** Messages of one prompt, up to and including its final `executing` with node null. */
  untilDone(promptId: string): Promise<WsMessage[]>;
  send(message: unknown): void;
  close(): void;
}

/** Connects to `/ws?clientId=` and records messages from the first one (`status` with `sid`). */
export async function connectWs(baseUrl: string, clientId: string): Promise<WsRecorder> {
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`,
  );
  const messages: WsMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw, isBinary) => {
    if (isBinary) return;
    messages.push(JSON.parse(raw.toString()) as WsMessage);
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const waitFor = (match: (message: WsMessage) => boolean, timeoutMs = 15_000) =>
    new Promise<WsMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching message; got ${messages.map((m) => m.type).join(', ')}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const ofPrompt = (promptId: string) => (message: WsMessage) => message.data.prompt_id === promptId;
  return {
    messages,
    waitFor,
    async untilDone(promptId) {
      await waitFor((m) => m.type === 'executing' && m.data.node === null && m.data.prompt_id === promptId);
      const first = messages.findIndex(ofPrompt(promptId));
      const last = messages.findIndex(
        (m) => m.type === 'executing' && m.data.node === null && ofPrompt(promptId)(m),
      );
      return messages.slice(first, last + 1);
    },
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
  };
}

/** Posts JSON and returns the status, content type and parsed body (null when empty). */
export async function postJson(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
  };
}

/** GETs JSON. */
export async function getJson(baseUrl: string, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A text-to-image workflow of core nodes: checkpoint, prompt, latent size, sampler, decode, save. */
export function textToImage(text: string, options: { width?: number; height?: number; steps?: number } = {}) {
  const prompt: ApiPrompt = {
    '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd15.safetensors' } },
    '2': { class_type: 'CLIPTextEncode', inputs: { text, clip: ['1', 1] } },
    '3': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['1', 1] } },
    '4': {
      class_type: 'EmptyLatentImage',
      inputs: { width: options.width ?? 320, height: options.height ?? 192, batch_size: 1 },
    },
    '5': {
      class_type: 'KSampler',
      inputs: {
        model: ['1', 0],
        positive: ['2', 0],
        negative: ['3', 0],
        latent_image: ['4', 0],
        seed: 7,
        steps: options.steps ?? 3,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'normal',
        denoise: 1,
      },
    },
    '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['1', 2] } },
    '7': { class_type: 'SaveImage', inputs: { images: ['6', 0], filename_prefix: 'shots/take' } },
  };
  return prompt;
}
