import { Readable } from 'node:stream';
import {
  STORED_OUTPUT,
  ComfyApiDeliverySchema,
  type ComfyApiDelivery,
  type ComfyApiInbox,
  type ComfyEvent,
} from '@cinegraph/comfy';
import { endpoints } from '@cinegraph/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { comfyApiDeliveries } from '../db/schema';
import type { Storage } from '../storage/storage';

/** A delivery no job read in this long belongs to a job that is gone: it is dropped. */
const KEPT_DAYS = 2;
/** Where base64 outputs of deliveries are kept until their job stores its take. */
const OUTPUTS_FOLDER = 'comfyui-api-deliveries/';

/**
 * The studio's webhook address that comfyui-api delivers outcomes (and system events) to: the shared
 * pool's, or a user's own worker's (signed with that worker's own secret).
 */
export function comfyApiWebhookUrl(publicUrl: string, ownWorkerId?: string): string {
  const path = ownWorkerId
    ? endpoints.comfyApiOwnWebhook.path.replace(':workerId', encodeURIComponent(ownWorkerId))
    : endpoints.comfyApiWebhook.path;
  return `${publicUrl.replace(/\/+$/, '')}/api/v1${path}`;
}

/**
 * Keeps an outcome of comfyui-api's `webhook_v2` for the job waiting on its prompt, in any process. Its
 * base64 outputs go to storage (a delivery's outputs may be as large as WORKER_FILE_MAX_BYTES allows),
 * the row keeps their keys as `stored:{key}`.
 */
export async function keepComfyApiDelivery(
  db: Database,
  storage: Storage,
  delivery: ComfyApiDelivery,
): Promise<void> {
  const kept = delivery.type === 'prompt.complete' ? await storeOutputs(storage, delivery) : delivery;
  // The echoed prompt is of no use to the job: not kept.
  const { prompt: _prompt, ...row } = kept as ComfyApiDelivery & { prompt?: unknown };
  const now = new Date();
  await db
    .insert(comfyApiDeliveries)
    .values({ promptId: delivery.id, delivery: row, updatedAt: now })
    .onConflictDoUpdate({ target: comfyApiDeliveries.promptId, set: { delivery: row, updatedAt: now } });
  const stale = new Date(now.getTime() - KEPT_DAYS * 24 * 60 * 60 * 1000);
  const dropped = await db
    .delete(comfyApiDeliveries)
    .where(lt(comfyApiDeliveries.updatedAt, stale))
    .returning({ promptId: comfyApiDeliveries.promptId });
  for (const { promptId } of dropped) await storage.deletePrefix(outputsFolder(promptId));
}

const outputsFolder = (promptId: string) => `${OUTPUTS_FOLDER}${encodeURIComponent(promptId)}/`;

async function storeOutputs(
  storage: Storage,
  delivery: Extract<ComfyApiDelivery, { type: 'prompt.complete' }>,
): Promise<ComfyApiDelivery> {
  const images = await Promise.all(
    delivery.images.map(async (image, i) => {
      // An upload's address (comfyui-api's `s3` option) stays as it is.
      if (/^(https?|s3):/.test(image)) return image;
      const key = `${outputsFolder(delivery.id)}${i}`;
      await storage.put(key, Buffer.from(image, 'base64'), 'application/octet-stream');
      return `${STORED_OUTPUT}${key}`;
    }),
  );
  return { ...delivery, images };
}

/** Keeps the start and step progress that comfyui-api's system webhook forwards from ComfyUI. */
export async function keepComfyApiEvent(db: Database, event: ComfyEvent): Promise<void> {
  const promptId = (event.data as { prompt_id?: unknown } | null)?.prompt_id;
  if (typeof promptId !== 'string') return;
  let changes: Partial<typeof comfyApiDeliveries.$inferInsert>;
  if (event.type === 'execution_start') changes = { started: true };
  else if (event.type === 'progress') {
    // A progress message means the prompt runs, even when its execution_start was missed.
    changes = { started: true, progressValue: event.data.value, progressMax: event.data.max };
  } else return;
  const now = new Date();
  await db
    .insert(comfyApiDeliveries)
    .values({ promptId, ...changes, updatedAt: now })
    .onConflictDoUpdate({
      target: comfyApiDeliveries.promptId,
      set: { ...changes, updatedAt: now },
      // A late progress event never hides an outcome already kept.
      setWhere: sql`${comfyApiDeliveries.delivery} is null`,
    });
}

/** The jobs' side: what was delivered for a prompt, read by its comfyui-api connection as it polls. */
export function comfyApiInbox(db: Database, storage?: Storage): ComfyApiInbox {
  return {
    async read(promptId) {
      const [row] = await db
        .select()
        .from(comfyApiDeliveries)
        .where(eq(comfyApiDeliveries.promptId, promptId));
      if (!row) return null;
      const delivery = row.delivery === null ? null : ComfyApiDeliverySchema.parse(row.delivery);
      const progress =
        row.progressValue !== null && row.progressMax !== null
          ? { value: row.progressValue, max: row.progressMax }
          : null;
      return { delivery, started: row.started, progress, at: row.updatedAt };
    },
    async open(key) {
      const object = key.startsWith(OUTPUTS_FOLDER) ? await storage?.getStream(key) : null;
      if (!object) throw new Error(`comfyui-api's output ${key} is not kept any more.`);
      return {
        // Node's web stream type and the DOM's differ only in name.
        body: Readable.toWeb(object.stream) as ReadableStream<Uint8Array>,
        contentType: object.contentType,
        size: object.size,
      };
    },
  };
}
