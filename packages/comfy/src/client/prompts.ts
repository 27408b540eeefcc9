import type { ApiPrompt } from '../api-format';
import { PromptRefusalSchema, QueuedPromptSchema, type QueuedPrompt } from './answers';
import { ComfyHttpError, ComfyPromptError } from './errors';
import { parseJson, readText, send, type HttpCall, type HttpTarget } from './http';

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
  const response = await send(http, call);
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
