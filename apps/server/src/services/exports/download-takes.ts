import { DOWNLOAD_MESSAGES } from '@cinegraph/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { connections, generations, nodes } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { NODE_NOT_FOUND } from '../editor/node-rows';
import { listShotTakes } from './movie-takes';
import { takeFiles, type TakeFile } from './take-files';

export interface DownloadRequest {
  movieId: string;
  /** The Download node. */
  nodeId: string;
  /** true: every take marked use-as-input (Download All); false: only those not downloaded before. */
  includeDownloaded: boolean;
}

/** The workflow node whose takes a Download node collects: the one connected to its input. */
async function connectedWorkflowNode(db: Database, movieId: string, nodeId: string): Promise<string> {
  const [node] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.id, nodeId), eq(nodes.movieId, movieId)));
  if (!node) throw notFound(NODE_NOT_FOUND);
  if (node.utilityKind !== 'download') throw badRequest(DOWNLOAD_MESSAGES.notDownloadNode);
  const [source] = await db
    .select({ id: nodes.id, type: nodes.type })
    .from(connections)
    .innerJoin(nodes, eq(nodes.id, connections.sourceNodeId))
    .where(eq(connections.targetNodeId, nodeId));
  if (source?.type !== 'workflow') throw badRequest(DOWNLOAD_MESSAGES.nothingConnected);
  return source.id;
}

/**
 * The files a Download node hands out: the takes marked use-as-input of the workflow node connected
 * to it, in scene, shot and take order. Refused with the reason when there is nothing to download.
 */
export async function takesToDownload(
  db: Database,
  storage: Storage,
  publicUrl: string,
  request: DownloadRequest,
): Promise<TakeFile[]> {
  const workflowNodeId = await connectedWorkflowNode(db, request.movieId, request.nodeId);
  const marked = (await listShotTakes(db, request.movieId, { workflowNodeId })).filter(
    ({ generation }) => generation.useAsInput,
  );
  if (marked.length === 0) throw notFound(DOWNLOAD_MESSAGES.noTakes);
  const takes = marked.filter(({ generation }) => request.includeDownloaded || !generation.downloaded);
  const files = await takeFiles(storage, publicUrl, takes);
  if (files.length === 0) {
    throw notFound(request.includeDownloaded ? DOWNLOAD_MESSAGES.noTakes : DOWNLOAD_MESSAGES.noNewTakes);
  }
  return files;
}

/** Marks takes as downloaded (the tiles' downloaded state) once their files have left the studio. */
export async function markDownloaded(db: Database, generationIds: string[]): Promise<void> {
  if (generationIds.length === 0) return;
  await db
    .update(generations)
    .set({ downloaded: true, updatedAt: new Date() })
    .where(and(inArray(generations.id, generationIds), eq(generations.downloaded, false)));
}
