import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workers } from '../../db/schema';
import { editorWorkers, messageOf } from '../../engine/worker-pool';
import type { WorkerRow } from '../../engine/worker-row';
import { notFound } from '../../http/errors';
import { workerTransport } from '../workers/public-transport';
import { EDITOR_PASS_MS, signEditorPass } from './editor-pass';

/** The path under which the studio serves a worker's editor (editor-proxy.ts). */
export const EDITOR_PROXY_PREFIX = '/comfy-editor';
export const NOT_YOUR_WORKER = 'This address is not one of your ComfyUI workers.';
/** How long the page waits for the worker's bridge configuration before saying it did not answer. */
const PROBE_TIMEOUT_MS = 4000;

/** What the embedded editor page opens: the studio's address of the worker's editor, and a known problem. */
export interface EditorOpening {
  src: string;
  problem: string | null;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Opens a worker's editor for a user: only one of the workers the user may open (healthy, serving the
 * editor, the shared pool's or the user's own) at the origin `url` names. Gives the proxy's address with a
 * pass for it, and what is already known to keep the editor from starting (the worker does not answer,
 * has no Cinegraph node pack, or its CINEGRAPH_ALLOWED_ORIGINS leaves out the studio).
 */
export async function openEditor(
  ctx: { db: Database; allowPrivateUserWorkers: boolean },
  userId: string,
  url: string,
  studioOrigin: string,
): Promise<EditorOpening> {
  const origin = originOf(url);
  const worker = origin
    ? (await editorWorkers(ctx.db, userId)).find((w) => originOf(w.url) === origin)
    : undefined;
  if (!worker) throw notFound(NOT_YOUR_WORKER);
  const pass = signEditorPass({ workerId: worker.id, userId, expires: Date.now() + EDITOR_PASS_MS });
  return {
    src: `${EDITOR_PROXY_PREFIX}/${pass}/`,
    problem: await bridgeProblem(worker, ctx.allowPrivateUserWorkers, studioOrigin),
  };
}

/**
 * The worker a pass opens, while the user may still open it (the worker may have been removed or given
 * to nobody since). Health is not required: a worker that stops answering says so through the proxy.
 */
export async function passWorker(db: Database, pass: { workerId: string; userId: string }) {
  const [worker] = await db.select().from(workers).where(eq(workers.id, pass.workerId));
  if (!worker?.servesEditor) return null;
  return worker.userId === null || worker.userId === pass.userId ? worker : null;
}

/** Why the worker's editor will not talk to the studio, when its pack's bridge configuration tells. */
async function bridgeProblem(
  worker: WorkerRow,
  allowPrivateUserWorkers: boolean,
  studioOrigin: string,
): Promise<string | null> {
  const fetcher = workerTransport(worker, allowPrivateUserWorkers).fetch ?? fetch;
  const address = new URL('cinegraph/bridge-config', `${worker.url.replace(/\/+$/, '')}/`);
  let response: Response;
  try {
    response = await fetcher(address, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (error) {
    return `The worker at ${worker.url} did not answer (${messageOf(error)}).`;
  }
  if (response.status === 404) {
    return (
      `The worker at ${worker.url} has no Cinegraph node pack (GET /cinegraph/bridge-config answers 404): ` +
      "install the repository's comfyui-nodes in its custom_nodes and restart it."
    );
  }
  if (!response.ok)
    return `The worker at ${worker.url} answered ${response.status} to /cinegraph/bridge-config.`;
  const config = (await response.json().catch(() => null)) as { allowed_origins?: unknown } | null;
  const allowed = Array.isArray(config?.allowed_origins) ? config.allowed_origins : [];
  if (allowed.length > 0 && !allowed.includes(studioOrigin)) {
    return `The worker's CINEGRAPH_ALLOWED_ORIGINS (${allowed.join(', ')}) does not include this studio (${studioOrigin}).`;
  }
  return null;
}
