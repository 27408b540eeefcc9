import type { WorkerConnection } from '@cinegraph/comfy';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations } from '../db/schema';
import { ON_WORKER_STATUSES } from './claim';
import { outputPrefixOf } from './prepare-prompt';

const GENERATION_PREFIX = outputPrefixOf('');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Cancels the prompts a worker that hung and came back still holds for jobs that moved on meanwhile
 * (queued again elsewhere, finished, cancelled): left there, they would run a second time for nobody.
 * A prompt is the studio's when its `filename_prefix` names one of this database's generations; any
 * other prompt (someone else's use of the worker) is left alone. Returns how many were cancelled.
 */
export async function cancelMovedPrompts(
  db: Database,
  client: WorkerConnection,
  workerId: string,
): Promise<number> {
  const queue = await client.getQueue();
  const items = [...queue.running, ...queue.pending].flatMap((item) => {
    const prefix = item.filename_prefixes.find((p) => p.startsWith(GENERATION_PREFIX));
    const generationId = prefix?.slice(GENERATION_PREFIX.length) ?? '';
    return UUID.test(generationId) ? [{ promptId: item.prompt_id, generationId }] : [];
  });
  if (items.length === 0) return 0;
  const rows = await db
    .select({
      id: generations.id,
      workerId: generations.workerId,
      status: generations.status,
      promptId: generations.promptId,
    })
    .from(generations)
    .where(inArray(generations.id, [...new Set(items.map((i) => i.generationId))]));
  // A worker that picks its own prompt ids (0.3.18) holds a job being submitted under an id not yet known.
  const ownIds = (await client.capabilities()).honoursPromptId;
  let cancelled = 0;
  for (const item of items) {
    const row = rows.find((r) => r.id === item.generationId);
    if (!row) continue;
    const onThisWorker =
      row.workerId === workerId && (ON_WORKER_STATUSES as readonly string[]).includes(row.status);
    const sameRun = row.promptId === item.promptId || (row.status === 'assigned' && !ownIds);
    if (onThisWorker && sameRun) continue;
    await client.cancel(item.promptId);
    cancelled += 1;
  }
  return cancelled;
}
