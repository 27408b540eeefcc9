import { randomInt } from 'node:crypto';
import {
  convertUiToApi,
  detectHandles,
  fillPrompt,
  fillWidgetDefaults,
  type ApiPrompt,
  type ObjectInfo,
  type PromptValue,
  type WorkerConnection,
  type WorkflowHandles,
} from '@cinegraph/comfy';
import type { GenerationInput, WorkflowInputs } from '@cinegraph/contracts';
import type { Database } from '../db/client';
import { canReadStoredFile, UNREADABLE_INPUT_MESSAGE } from '../services/assets/readable-inputs';
import type { NodeRow } from '../services/editor/node-rows';
import { storedFileKey } from '../services/assets/stored-files';
import type { Storage } from '../storage/storage';
import { readStoredWorkflow } from './stored-workflows';

/** A job that cannot run as configured (no workflow, an input that is not ours); retrying will not help. */
export class JobSetupError extends Error {}

const MEDIA_TYPES = new Set(['image', 'video', 'audio']);
/**
 * A worker's signed address of a stored file is the same for every job in one UTC day (the signature
 * counts from the day's start), so the node pack, which caches downloads by URL, fetches a LoRA once a
 * day rather than once a job. It stays valid a day past the day's end: a job may wait in the worker's
 * queue, and the pack downloads the file only when the node runs.
 */
const WORKER_URL_WINDOW_S = 24 * 60 * 60;
export const WORKER_URL_EXPIRY_S = 2 * WORKER_URL_WINDOW_S;

export function workerFileUrl(storage: Storage, key: string, now = Date.now()): Promise<string> {
  const windowMs = WORKER_URL_WINDOW_S * 1000;
  const signedAt = new Date(Math.floor(now / windowMs) * windowMs);
  return storage.presignGet(key, { expiresInSeconds: WORKER_URL_EXPIRY_S, signedAt });
}
const SEED_INPUTS = ['seed', 'noise_seed'];
/** ComfyUI's seed widgets take up to 2^64-1; 2^48 keeps the number exact in JSON and JavaScript. */
const MAX_SEED = 2 ** 48 - 1;

export interface PromptSetup {
  /** To check the requester's right to read each stored file the prompt uses. */
  db: Database;
  storage: Storage;
  publicUrl: string;
  client: WorkerConnection;
}

/** The prompt a worker runs, and the UI workflow ComfyUI writes beside it into a PNG (null if none). */
export interface PreparedPrompt {
  prompt: ApiPrompt;
  workflow: unknown;
}

/** The `filename_prefix` of every output of a generation: unique, so its prompt is found on a worker. */
export const outputPrefixOf = (generationId: string) => `cinegraph/${generationId}`;

/**
 * The API prompt of one generation, ready for its worker: the node's workflow (a UI-only one converted
 * with the worker's node definitions), every resolved input filled (media downloaded from our storage
 * and uploaded to the worker, a LoRA as a signed expiring address the worker fetches), a unique
 * `filename_prefix` on every output and explicit random seeds.
 */
export async function preparePrompt(
  setup: PromptSetup,
  node: NodeRow,
  generation: { id: string; userId: string | null; workflowInputs: WorkflowInputs },
): Promise<PreparedPrompt> {
  const { prompt, handles, workflow } = await readNodeWorkflow(setup, node);
  const values: PromptValue[] = [];
  for (const handle of handles.inputs) {
    const given = generation.workflowInputs[handle.id];
    if (given === undefined) continue;
    values.push({
      node_id: handle.node_id,
      input: handle.input,
      value: await workerValue(setup, generation.userId, handle.type, given),
    });
  }
  const filled = fillPrompt(prompt, values);
  for (const output of handles.outputs) {
    const target = filled[output.node_id];
    if (target) target.inputs.filename_prefix = outputPrefixOf(generation.id);
  }
  for (const apiNode of Object.values(filled)) {
    for (const name of SEED_INPUTS) {
      if (typeof apiNode.inputs[name] === 'number') apiNode.inputs[name] = randomInt(0, MAX_SEED);
    }
  }
  return { prompt: filled, workflow };
}

async function readNodeWorkflow(setup: PromptSetup, node: NodeRow): Promise<ReadyWorkflow & PreparedPrompt> {
  const link = node.workflowApiLink ?? node.workflowLink;
  if (!link) throw new JobSetupError('The workflow node has no workflow.');
  const key = storedFileKey(setup.publicUrl, link);
  const file = key ? await readStoredWorkflow(setup.storage, key) : null;
  if (!key || !file) throw new JobSetupError("The workflow node's workflow file is missing from storage.");
  const { parsed } = file;
  if (parsed.format === 'api') {
    const workflow = link === node.workflowLink ? null : await readUiWorkflow(setup, node.workflowLink);
    // An API file may lack widget values the worker requires (ComfyUI's frontend would have filled them);
    // without the definitions the worker itself judges the prompt.
    const objectInfo = await definitionsOf(setup.client).catch(() => null);
    if (!objectInfo) return { prompt: parsed.prompt, handles: detectHandles(parsed), workflow };
    const ready = readyFor(objectInfo, key, () => ({
      prompt: completeFor(parsed.prompt, objectInfo),
      handles: detectHandles(parsed),
    }));
    return { ...ready, workflow };
  }
  // Widget values of a UI workflow map to inputs only through the worker's own node definitions.
  const objectInfo = await definitionsOf(setup.client);
  const ready = readyFor(objectInfo, key, () => ({
    prompt: convertUiToApi(parsed.workflow, objectInfo),
    handles: detectHandles(parsed, { objectInfo }),
  }));
  return { ...ready, workflow: file.json };
}

/** A stored workflow made ready for one worker's definitions: its prompt (shared; fillPrompt copies it). */
interface ReadyWorkflow {
  prompt: ApiPrompt;
  handles: WorkflowHandles;
}

/** Per worker definitions (one object per worker for a few minutes), per workflow file. */
const readyByDefinitions = new WeakMap<ObjectInfo, Map<string, ReadyWorkflow>>();
const MAX_READY_PER_DEFINITIONS = 100;

/**
 * Converting or completing a workflow, and reading its handles, gives the same for every job of a node
 * on one worker: done once, as workflow files never change under their key.
 */
function readyFor(objectInfo: ObjectInfo, key: string, make: () => ReadyWorkflow): ReadyWorkflow {
  let byKey = readyByDefinitions.get(objectInfo);
  if (!byKey) readyByDefinitions.set(objectInfo, (byKey = new Map()));
  let ready = byKey.get(key);
  if (!ready) {
    ready = make();
    if (byKey.size >= MAX_READY_PER_DEFINITIONS) byKey.clear();
    byKey.set(key, ready);
  }
  return ready;
}

const DEFINITIONS_MS = 5 * 60_000;
const definitions = new WeakMap<WorkerConnection, { objectInfo: Promise<ObjectInfo>; expires: number }>();

/** A worker's node definitions, asked once per few minutes per client (they are megabytes on a real one). */
function definitionsOf(client: WorkerConnection): Promise<ObjectInfo> {
  const hit = definitions.get(client);
  if (hit && hit.expires > Date.now()) return hit.objectInfo;
  const objectInfo = client.objectInfo();
  definitions.set(client, { objectInfo, expires: Date.now() + DEFINITIONS_MS });
  objectInfo.catch(() => definitions.delete(client));
  return objectInfo;
}

/**
 * The API prompt with the widget defaults it lacks. A required link left open stays open: ComfyUI leaves
 * out only the outputs that need it (node_errors, shown as a warning on the take), or refuses the prompt
 * with its own message when no output remains. Uploads refuse such files before any job (convert-at-upload).
 */
function completeFor(prompt: ApiPrompt, objectInfo: ObjectInfo): ApiPrompt {
  return fillWidgetDefaults(prompt, objectInfo).prompt;
}

/** The node's UI workflow, which takes keep so ComfyUI can reopen them; null when there is none. */
async function readUiWorkflow(setup: PromptSetup, link: string | null): Promise<unknown> {
  const key = link ? storedFileKey(setup.publicUrl, link) : null;
  // Kept as the editor saved it, not as the studio reads it.
  const file = key ? await readStoredWorkflow(setup.storage, key).catch(() => null) : null;
  return file?.parsed.format === 'ui' ? file.json : null;
}

async function workerValue(
  setup: PromptSetup,
  userId: string | null,
  type: string,
  given: GenerationInput | GenerationInput[],
): Promise<PromptValue['value']> {
  const list = Array.isArray(given) ? given : [given];
  if (MEDIA_TYPES.has(type)) return uploadMedia(setup, userId, list[0]!.value);
  if (type === 'lora') return literalValue(type, await signedLora(setup, userId, list[0]!.value));
  if (type === 'text') return list.map((g) => String(g.value)).join(', ');
  return literalValue(type, list[0]!.value);
}

/**
 * Lists and objects travel as text: in the API format a two-item list reads as a link between nodes,
 * and Cinegraph's input nodes parse '1920,1080' and a LoRA's JSON themselves.
 */
function literalValue(type: string, value: unknown): PromptValue['value'] {
  if (type === 'vector2' && Array.isArray(value)) return value.join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value as PromptValue['value'];
}

/**
 * A LoRA the pack downloads itself: the studio's own address needs a session the worker does not have,
 * so it travels as a signed expiring address of the stored file, signed only when the requester may
 * read it. Other addresses stay as they are.
 */
async function signedLora(setup: PromptSetup, userId: string | null, value: unknown): Promise<unknown> {
  const sign = async (address: unknown) => {
    const key = typeof address === 'string' ? storedFileKey(setup.publicUrl, address) : null;
    if (!key) return address;
    if (!(await canReadStoredFile(setup.db, userId, key))) {
      throw new JobSetupError(`${UNREADABLE_INPUT_MESSAGE}: ${key.split('/').pop()}`);
    }
    return workerFileUrl(setup.storage, key);
  };
  if (typeof value === 'string') return sign(value);
  if (typeof value === 'object' && value !== null && 'url' in value) {
    return { ...value, url: await sign(value.url) };
  }
  return value;
}

/**
 * Media reach the worker by upload; only files of this studio's storage are fetched (no SSRF), and only
 * those the requester may read themselves (as `GET v1/utils/file` decides).
 */
async function uploadMedia(setup: PromptSetup, userId: string | null, value: unknown): Promise<string> {
  const key = typeof value === 'string' ? storedFileKey(setup.publicUrl, value) : null;
  if (!key)
    throw new JobSetupError(`A media input is not a file of this studio: ${String(value).slice(0, 200)}`);
  if (!(await canReadStoredFile(setup.db, userId, key))) {
    throw new JobSetupError(`${UNREADABLE_INPUT_MESSAGE}: ${key.split('/').pop()}`);
  }
  const file = await setup.storage.get(key);
  if (!file) throw new JobSetupError(`A media input is missing from storage: ${key}`);
  // A backend with a request size limit (RunPod) gets large files as signed addresses the pack fetches.
  const { maxInlineBytes } = setup.client;
  if (maxInlineBytes !== undefined && file.body.length > maxInlineBytes) {
    return workerFileUrl(setup.storage, key);
  }
  // Named after the whole key, so two inputs called image.png never overwrite each other on the worker.
  const name = key.replace(/[^A-Za-z0-9._-]/g, '_').slice(-150);
  const uploaded = await setup.client.uploadImage(file.body, name, { overwrite: true });
  return uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
}
