import { z } from 'zod';
import { clientIdOf, filenamePrefixesOf, HistoryEntrySchema, type ComfyQueue } from './answers';
import { sendJson, type HttpTarget } from './http';

/** What the studio recorded before submitting a prompt, to find it again after a crash. */
export interface SubmittedPrompt {
  /** The id the studio chose (0.8.0 keeps it). */
  promptId: string;
  /** The client id it was submitted with. */
  clientId: string | null;
  /** A `filename_prefix` no other prompt has. */
  filenamePrefix: string;
}

/** How many finished prompts are searched for one submitted by an older server that chose its own id. */
const HISTORY_SEARCHED = 500;

type Lookup = {
  getQueue(): Promise<ComfyQueue>;
  history(promptId: string): Promise<unknown>;
  http: HttpTarget;
};

/**
 * The id under which a prompt submitted earlier is queued, running or finished on the worker, or null
 * when it never arrived (so submitting it again runs it once). The chosen id is looked up first; a
 * server that ignores chosen ids (0.3.18) is searched by the client id and the unique `filename_prefix`
 * in its queue and its recent history.
 */
export async function findSubmittedPrompt(
  worker: Lookup,
  submitted: SubmittedPrompt,
): Promise<string | null> {
  const queue = await worker.getQueue();
  const queued = [...queue.running, ...queue.pending];
  if (queued.some((item) => item.prompt_id === submitted.promptId)) return submitted.promptId;
  if (await worker.history(submitted.promptId)) return submitted.promptId;
  const matches = (clientId: string | null, prefixes: string[]) =>
    clientId === submitted.clientId && prefixes.includes(submitted.filenamePrefix);
  const inQueue = queued.find((item) => matches(item.client_id, item.filename_prefixes));
  if (inQueue) return inQueue.prompt_id;
  const recent = await sendJson(
    worker.http,
    { path: `/history?max_items=${HISTORY_SEARCHED}` },
    z.record(z.string(), HistoryEntrySchema),
  );
  for (const [id, entry] of Object.entries(recent)) {
    // A history entry's `prompt` is the queue item: [number, id, prompt, extra_data, outputs].
    const [, , prompt, extraData] = entry.prompt ?? [];
    if (matches(clientIdOf(extraData), filenamePrefixesOf(prompt))) return id;
  }
  return null;
}
