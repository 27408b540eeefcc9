import { parseWorkflow, DEFAULT_MAX_WORKFLOW_BYTES } from '@cinegraph/comfy';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { movieMembers, nodes, workers } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { storedFileKey, storedFilePath } from '../assets/stored-files';
import { convertWithDefinitions } from './convert-at-upload';
import { workerDefinitions } from './worker-definitions';

/** Nodes looked at per call; the rest at the next worker that connects. */
const BATCH = 50;

export interface WaitingNodesDeps {
  db: Database;
  storage: Storage;
  publicUrl: string;
  allowPrivateUserWorkers: boolean;
}

/**
 * Gives the nodes that wait for a worker (a UI workflow with node classes no worker knew at upload) their
 * API file once a healthy worker that knows those classes is connected, converted with that worker's
 * definitions as an upload would have been; the UI file stays as it was given. Only workers the movie's
 * members may run jobs on count (the shared pool and the members' own). Returns how many were converted.
 */
export async function convertWaitingNodes(deps: WaitingNodesDeps): Promise<number> {
  const { db } = deps;
  const candidates = await db
    .select()
    .from(nodes)
    .where(
      and(
        sql`cardinality(${nodes.waitingForClasses}) > 0`,
        isNull(nodes.workflowApiLink),
        sql`exists (select 1 from ${workers} where ${workers.healthy}
              and ${workers.nodeClasses} @> ${nodes.waitingForClasses})`,
      ),
    )
    .limit(BATCH);
  let converted = 0;
  for (const node of candidates) {
    if (await convertNode(deps, node)) converted += 1;
  }
  return converted;
}

async function convertNode(deps: WaitingNodesDeps, node: typeof nodes.$inferSelect): Promise<boolean> {
  const { db, storage } = deps;
  const key = node.workflowLink ? storedFileKey(deps.publicUrl, node.workflowLink) : null;
  const file = key ? await storage.get(key) : null;
  if (!key || !file) return false;
  const parsed = parseWorkflow(file.body.toString('utf8'), { maxBytes: DEFAULT_MAX_WORKFLOW_BYTES });
  if (parsed.format !== 'ui') return false;
  const members = await db
    .select({ userId: movieMembers.userId })
    .from(movieMembers)
    .where(eq(movieMembers.movieId, node.movieId));
  for (const { userId } of members) {
    const answers = await workerDefinitions(db, userId, deps.allowPrivateUserWorkers);
    const { api } = convertWithDefinitions(parsed.workflow, answers);
    if (api === null) continue;
    const apiKey = `${key.slice(0, key.lastIndexOf('/') + 1)}workflow_api.json`;
    await storage.put(apiKey, Buffer.from(api, 'utf8'), 'application/json');
    // Only if the node still holds the same workflow (an upload meanwhile replaced its files).
    const updated = await db
      .update(nodes)
      .set({ workflowApiLink: storedFilePath(apiKey), waitingForClasses: [] })
      .where(
        and(eq(nodes.id, node.id), eq(nodes.workflowLink, node.workflowLink!), isNull(nodes.workflowApiLink)),
      )
      .returning({ id: nodes.id });
    if (updated.length === 0) await storage.delete(apiKey).catch(() => undefined);
    return updated.length > 0;
  }
  return false;
}
