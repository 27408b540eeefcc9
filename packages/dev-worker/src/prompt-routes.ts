import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendEmpty, sendJson, sendServerError } from './http-util';
import type { ObjectInfo } from './node-catalog';
import type { ProtocolProfile } from './protocol';
import type { PromptQueue } from './prompt-queue';
import { isRecord, type HistoryEntry } from './prompt-types';
import { validatePrompt } from './validate';
import { splitAnnotated, type WorkerFiles } from './worker-files';
import type { WsHub } from './ws-hub';

/** The parts of a running worker that the routes use. */
export interface WorkerState {
  queue: PromptQueue;
  hub: WsHub;
  files: WorkerFiles;
  catalog: ObjectInfo;
  profile: ProtocolProfile;
  /** Starts the next waiting prompt when none runs. */
  pump(): void;
}

/** `POST /prompt`: validates, queues, and answers `{prompt_id, number, node_errors}` or ComfyUI's 400. */
export async function postPrompt(state: WorkerState, req: IncomingMessage, res: ServerResponse) {
  const body = await readJson(req);
  if (!isRecord(body)) return sendServerError(res);
  const number = typeof body.number === 'number' ? body.number : state.queue.allocate(body.front === true);
  const legacy = state.profile.legacyPromptErrors;
  if (!('prompt' in body)) {
    if (legacy) return sendJson(res, 400, { error: 'no prompt', node_errors: [] });
    const error = {
      type: 'no_prompt',
      message: 'No prompt provided',
      details: 'No prompt provided',
      extra_info: {},
    };
    return sendJson(res, 400, { error, node_errors: {} });
  }
  const inputExists = (name: string) => {
    const [subfolder, file] = splitAnnotated(name);
    const target = state.files.resolve('input', subfolder, file);
    return 'path' in target && existsFile(target.path);
  };
  const result = validatePrompt(body.prompt, { catalog: state.catalog, inputExists });
  if (!result.ok) {
    const { error, node_errors } = result.body;
    const listed = legacy && Object.keys(node_errors).length === 0 ? [] : node_errors;
    return sendJson(res, 400, { error, node_errors: listed });
  }
  const chosen = state.profile.honoursPromptId && typeof body.prompt_id === 'string' ? body.prompt_id : '';
  const id = chosen || randomUUID();
  const clientId = typeof body.client_id === 'string' ? body.client_id : null;
  const extraData: Record<string, unknown> = isRecord(body.extra_data) ? { ...body.extra_data } : {};
  if (clientId !== null) extraData.client_id = clientId;
  if (state.profile.createTime) extraData.create_time = Date.now();
  state.queue.add({ number, id, prompt: result.prompt, extraData, outputs: result.outputs, clientId });
  sendJson(res, 200, { prompt_id: id, number, node_errors: result.nodeErrors });
  state.hub.sendStatus();
  state.pump();
}

/** `POST /queue`: `{delete: [ids]}` removes waiting prompts, `{clear: true}` all of them. */
export async function postQueue(state: WorkerState, req: IncomingMessage, res: ServerResponse) {
  const body = await readJson(req);
  if (isRecord(body)) {
    if (body.clear === true) state.queue.clear();
    if (Array.isArray(body.delete)) state.queue.delete(body.delete.filter((id) => typeof id === 'string'));
    state.hub.sendStatus();
  }
  sendEmpty(res);
}

/** `POST /interrupt`: stops the running prompt; with `prompt_id`, only when that prompt is the one running. */
export async function postInterrupt(state: WorkerState, req: IncomingMessage, res: ServerResponse) {
  const body = await readJson(req, 1024 * 1024);
  const running = state.queue.running;
  const target = isRecord(body) && typeof body.prompt_id === 'string' ? body.prompt_id : null;
  const matches = target === null || target === running?.id || !state.profile.targetedInterrupt;
  if (running && matches) running.interrupted = true;
  sendEmpty(res);
}

/** `GET /history` (most recent last; `max_items` keeps the newest) and `GET /history/{id}`. */
export function getHistory(
  state: WorkerState,
  res: ServerResponse,
  id: string | null,
  maxItems: number | null,
) {
  const history = state.queue.history;
  if (id !== null) {
    const entry = history.get(id);
    return sendJson(res, 200, entry ? { [id]: entry } : {});
  }
  let entries: Array<[string, HistoryEntry]> = [...history.entries()];
  if (maxItems !== null && maxItems >= 0) entries = maxItems === 0 ? [] : entries.slice(-maxItems);
  sendJson(res, 200, Object.fromEntries(entries));
}

/** `POST /history`: `{clear: true}` or `{delete: [ids]}`. */
export async function postHistory(state: WorkerState, req: IncomingMessage, res: ServerResponse) {
  const body = await readJson(req);
  if (isRecord(body)) {
    if (body.clear === true) state.queue.history.clear();
    if (Array.isArray(body.delete)) for (const id of body.delete) state.queue.history.delete(String(id));
  }
  sendEmpty(res);
}

const existsFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
