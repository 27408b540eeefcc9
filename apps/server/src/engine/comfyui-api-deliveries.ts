import {
  ComfyApiDeliverySchema,
  type ComfyApiDelivery,
  type ComfyApiInbox,
  type ComfyEvent,
} from '@cinegraph/comfy';
import { endpoints } from '@cinegraph/contracts';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { comfyApiDeliveries } from '../db/schema';

/** A delivery no job read in this long belongs to a job that is gone: it is dropped. */
const KEPT_DAYS = 2;

/** The studio's webhook address that comfyui-api delivers outcomes (and system events) to. */
export function comfyApiWebhookUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1${endpoints.comfyApiWebhook.path}`;
}

/** Keeps an outcome of comfyui-api's `webhook_v2` for the job waiting on its prompt, in any process. */
export async function keepComfyApiDelivery(db: Database, delivery: ComfyApiDelivery): Promise<void> {
  const now = new Date();
  await db
    .insert(comfyApiDeliveries)
    .values({ promptId: delivery.id, delivery, updatedAt: now })
    .onConflictDoUpdate({ target: comfyApiDeliveries.promptId, set: { delivery, updatedAt: now } });
  const stale = new Date(now.getTime() - KEPT_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(comfyApiDeliveries).where(lt(comfyApiDeliveries.updatedAt, stale));
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
export function comfyApiInbox(db: Database): ComfyApiInbox {
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
      return { delivery, started: row.started, progress };
    },
  };
}
