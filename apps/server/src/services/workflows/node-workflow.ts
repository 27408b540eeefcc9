import { checkConnection } from '@cinegraph/contracts';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { connections, nodes } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { storedFileKey, storedFilePath } from '../assets/stored-files';
import { toGraphNode, type NodeRow } from '../editor/node-rows';
import { listConnections } from '../editor/connections';
import { nodeStoragePrefix } from '../editor/nodes';
import type { ReadWorkflow } from './workflow-handles';

/** The files a workflow node gets: the UI format (for editing) and/or the API format (for running). */
export interface WorkflowFiles {
  /** The file the handles were read from. */
  workflow: ReadWorkflow;
  ui: string | null;
  api: string | null;
  /** A new name for the node (the uploaded file's). */
  name?: string;
  /** The node classes of a UI-only workflow that no worker knew at upload (see nodes.waitingForClasses). */
  waitingFor?: string[];
}

/**
 * Stores the workflow's files under the node's prefix, points the node at them, replaces its handles,
 * and in the same transaction drops the connections whose handle is gone or whose type no longer
 * fits. A UI-only workflow (no worker answered at upload) is converted to the API format when it is
 * dispatched, with that worker's node definitions. The previous files are removed afterwards.
 */
export async function applyWorkflowToNode(
  db: Database,
  storage: Storage,
  publicUrl: string,
  node: NodeRow,
  files: WorkflowFiles,
): Promise<NodeRow> {
  if (node.type !== 'workflow') throw badRequest('Only a workflow node takes a workflow.');
  const folder = `${nodeStoragePrefix(node.movieId, node.id)}workflow-${randomUUID()}`;
  const store = async (text: string | null, key: string) => {
    if (text === null) return null;
    await storage.put(key, Buffer.from(text, 'utf8'), 'application/json');
    return storedFilePath(key);
  };
  const link = await store(files.ui, `${folder}/workflow.json`);
  const apiLink = await store(files.api, `${folder}/workflow_api.json`);

  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(nodes)
      .set({
        workflowLink: link,
        workflowApiLink: apiLink,
        ...(files.name && { name: files.name }),
        inputHandles: files.workflow.inputs,
        outputHandles: files.workflow.outputs,
        uploadError: null,
        waitingForClasses: files.api === null ? (files.waitingFor ?? []) : [],
        updatedAt: new Date(),
      })
      .where(eq(nodes.id, node.id))
      .returning();
    const edges = (await listConnections(tx, node.movieId)).filter(
      (e) => e.sourceNodeId === node.id || e.targetNodeId === node.id,
    );
    const others = await tx.select().from(nodes).where(eq(nodes.movieId, node.movieId));
    const byId = new Map(others.map((n) => [n.id, toGraphNode(n.id === node.id ? row! : n)]));
    const broken = edges.filter(
      (e) =>
        !checkConnection(
          byId.get(e.sourceNodeId),
          e.sourceHandleId,
          byId.get(e.targetNodeId),
          e.targetHandleId,
        ).ok,
    );
    if (broken.length > 0) {
      await tx.delete(connections).where(
        inArray(
          connections.id,
          broken.map((e) => e.id),
        ),
      );
    }
    return row!;
  });

  await removeOldFiles(storage, publicUrl, node, [link, apiLink]);
  return updated;
}

/** Deletes the node's previous workflow folder(s), never anything outside the node's prefix. */
async function removeOldFiles(storage: Storage, publicUrl: string, node: NodeRow, kept: (string | null)[]) {
  const prefix = nodeStoragePrefix(node.movieId, node.id);
  for (const old of [node.workflowLink, node.workflowApiLink]) {
    if (!old || kept.includes(old)) continue;
    const key = storedFileKey(publicUrl, old);
    const folder = key?.slice(0, key.lastIndexOf('/') + 1);
    if (folder?.startsWith(`${prefix}workflow-`)) await storage.deletePrefix(folder);
  }
}

/** Records why the last upload failed, for the node to show (spec: error stored on the node). */
export async function recordUploadError(db: Database, nodeId: string, message: string): Promise<void> {
  await db
    .update(nodes)
    .set({ uploadError: message.slice(0, 2000) })
    .where(eq(nodes.id, nodeId));
}
