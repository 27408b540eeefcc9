import { ComfyClient, type ObjectInfo } from '@cinegraph/comfy';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workers } from '../../db/schema';
import { workerTransport } from '../workers/public-transport';

/** An upload waits at most this long for a worker's node definitions before leaving it to dispatch. */
const OBJECT_INFO_TIMEOUT_MS = 3_000;
/** Node packs are installed rarely; a few minutes spare the worker a multi-megabyte answer per upload. */
const CACHE_MS = 5 * 60_000;

/** One worker's answer to `/object_info`. */
export interface WorkerDefinitions {
  label: string;
  objectInfo: ObjectInfo;
  /** False for the preview worker, whose definitions copy one ComfyUI release (see workers.servesEditor). */
  servesEditor: boolean;
}

const cache = new Map<string, { objectInfo: ObjectInfo; expires: number }>();

/**
 * The node definitions of the healthy ComfyUI workers the user's jobs may run on (the user's own first, then
 * the shared pool, as the dispatcher's claim allows), asked all at once with a short timeout. Workers
 * that do not answer in time are left out; an empty list means no worker answered.
 */
export async function workerDefinitions(
  db: Database,
  userId: string,
  allowPrivateUserWorkers: boolean,
): Promise<WorkerDefinitions[]> {
  const rows = await db
    .select({
      url: workers.url,
      label: workers.label,
      userId: workers.userId,
      servesEditor: workers.servesEditor,
    })
    .from(workers)
    .where(
      and(
        eq(workers.healthy, true),
        // Only ComfyUI itself answers /object_info (comfyui-api and RunPod have none).
        eq(workers.backend, 'comfyui'),
        or(isNull(workers.userId), eq(workers.userId, userId)),
      ),
    )
    .orderBy(asc(workers.createdAt));
  const ordered = [...rows.filter((w) => w.userId !== null), ...rows.filter((w) => w.userId === null)];
  const answers = await Promise.all(
    ordered.map(async (worker) => {
      const transport = workerTransport(worker, allowPrivateUserWorkers);
      const objectInfo = await cachedObjectInfo(worker.url, transport).catch(() => null);
      return objectInfo
        ? { label: worker.label || worker.url, objectInfo, servesEditor: worker.servesEditor }
        : null;
    }),
  );
  return answers.filter((answer): answer is WorkerDefinitions => answer !== null);
}

async function cachedObjectInfo(
  url: string,
  transport: ReturnType<typeof workerTransport>,
): Promise<ObjectInfo> {
  const hit = cache.get(url);
  if (hit && hit.expires > Date.now()) return hit.objectInfo;
  const client = new ComfyClient({ baseUrl: url, timeoutMs: OBJECT_INFO_TIMEOUT_MS, ...transport });
  const objectInfo = await client.objectInfo();
  cache.set(url, { objectInfo, expires: Date.now() + CACHE_MS });
  return objectInfo;
}
