import { endpoints } from '@cinegraph/contracts';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { runpodJobs } from '../db/schema';
import { workerWebhookToken } from '../services/workers/worker-keys';

/** A job's id pair no restart asked for in this long is dropped. */
const KEPT_DAYS = 2;

/** The `webhook` of a RunPod job: the studio's address with the recorded prompt id, signed. */
export function runpodWebhookUrl(publicUrl: string, promptId: string): string {
  const path = endpoints.runpodWebhook.path
    .replace(':promptId', encodeURIComponent(promptId))
    .replace(':token', workerWebhookToken(promptId));
  return `${publicUrl.replace(/\/+$/, '')}/api/v1${path}`;
}

/** Keeps RunPod's job id for the prompt id the studio recorded, as the job's webhook told it. */
export async function keepRunPodJob(db: Database, promptId: string, jobId: string): Promise<void> {
  await db.insert(runpodJobs).values({ promptId, jobId }).onConflictDoNothing();
  const stale = new Date(Date.now() - KEPT_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(runpodJobs).where(lt(runpodJobs.createdAt, stale));
}

export async function findRunPodJob(db: Database, promptId: string): Promise<string | null> {
  const [row] = await db.select().from(runpodJobs).where(eq(runpodJobs.promptId, promptId));
  return row?.jobId ?? null;
}
