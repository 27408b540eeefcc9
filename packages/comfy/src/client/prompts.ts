import type { ApiPrompt } from '../api-format';
import { z } from 'zod';
import {
  filenamePrefixesOf,
  HistoryEntrySchema,
  PromptRefusalSchema,
  QueuedPromptSchema,
  QueueSchema,
  type QueuedPrompt,
} from './answers';
import { ComfyHttpError, ComfyPromptError, ComfyUnavailableError } from './errors';
import { findSubmittedPrompt } from './find-prompt';
import { parseJson, readText, send, sendJson, type HttpCall, type HttpTarget } from './http';
import { StaleConnectionError } from './node-http';

/** Options of `queuePrompt`. */
export interface QueuePromptOptions {
  /** A chosen id: 0.8.0 keeps it, 0.3.18 ignores it (always follow the returned `prompt_id`). */
  promptId?: string;
  /** ComfyUI's `extra_data` (e.g. `extra_pnginfo`). */
  extraData?: Record<string, unknown>;
  /** Run ahead of the waiting prompts. */
  front?: boolean;
}

/** `POST /prompt`; a 400 answer becomes `ComfyPromptError` with `node_errors` as a map. */
export async function submitPrompt(
  http: HttpTarget,
  clientId: string,
  prompt: ApiPrompt,
  options: QueuePromptOptions,
): Promise<QueuedPrompt> {
  const json: Record<string, unknown> = { prompt, client_id: clientId };
  if (options.promptId) json.prompt_id = options.promptId;
  if (options.extraData) json.extra_data = options.extraData;
  if (options.front) json.front = true;
  const call: HttpCall = { method: 'POST', path: '/prompt', json };
  let response;
  try {
    response = await send(http, call);
  } catch (error) {
    const stale = error instanceof ComfyUnavailableError && error.cause instanceof StaleConnectionError;
    const filenamePrefix = filenamePrefixesOf(prompt)[0];
    if (!stale || !options.promptId || !filenamePrefix) throw error;
    // The kept-alive connection was reset before a byte of the answer: most likely the worker closed
    // it as idle just as the submit went out. Sent again, on a new connection, only if the worker does
    // not hold the prompt (it may have read it before the reset): it runs once either way.
    const submitted = { promptId: options.promptId, clientId, filenamePrefix };
    const found = await findSubmittedPrompt(lookup(http), submitted);
    if (found) return { prompt_id: found, number: 0, node_errors: {} };
    response = await send(http, { ...call, fresh: true });
  }
  const text = await readText(http, call, response);
  if (response.status === 400) {
    const refusal = PromptRefusalSchema.safeParse(safeJson(text));
    if (refusal.success) throw new ComfyPromptError(refusal.data.error, refusal.data.node_errors);
  }
  if (!response.ok) throw new ComfyHttpError(http.baseUrl, 'POST /prompt', response.status, text);
  return parseJson(http, call, text, QueuedPromptSchema);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The worker's queue and history, for finding a submit that was cut off. */
function lookup(http: HttpTarget) {
  return {
    http,
    getQueue: () => sendJson(http, { path: '/queue' }, QueueSchema),
    history: async (id: string) => {
      const call = { path: `/history/${encodeURIComponent(id)}` };
      return (await sendJson(http, call, z.record(z.string(), HistoryEntrySchema)))[id] ?? null;
    },
  };
}
