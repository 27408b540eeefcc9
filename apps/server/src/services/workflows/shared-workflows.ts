import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { nodes, sharedWorkflows } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { sharedWorkflowPrefix } from '../assets/shared-keys';
import { requireMovieMember } from '../movies/access';
import { readWorkflowTexts, writeWorkflowTexts } from './shared-files';

export type SharedWorkflowRow = typeof sharedWorkflows.$inferSelect;

export interface SharingContext {
  db: Database;
  storage: Storage;
  publicUrl: string;
  userId: string;
}

export const TITLE_REQUIRED = 'Please enter a title';

function cleanTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw badRequest(TITLE_REQUIRED);
  return trimmed;
}

/** The copy of a node's workflow files the shared workflow keeps (the node may change or go later). */
async function copyNodeFiles(ctx: SharingContext, nodeId: string, workflowId: string) {
  const [node] = await ctx.db.select().from(nodes).where(eq(nodes.id, nodeId));
  if (!node) throw notFound('Node not found');
  await requireMovieMember(ctx.db, node.movieId, ctx.userId);
  if (node.type !== 'workflow' || (!node.workflowLink && !node.workflowApiLink)) {
    throw badRequest('This node has no workflow to share.');
  }
  const texts = await readWorkflowTexts(ctx.db, ctx.storage, ctx.publicUrl, ctx.userId, {
    link: node.workflowLink,
    apiLink: node.workflowApiLink,
  });
  return writeWorkflowTexts(ctx.storage, sharedWorkflowPrefix(workflowId), texts);
}

/** Publishes a workflow node's workflow to the community. */
export async function shareWorkflow(
  ctx: SharingContext,
  input: { nodeId: string; title: string; description: string },
): Promise<SharedWorkflowRow> {
  const title = cleanTitle(input.title);
  const id = randomUUID();
  const files = await copyNodeFiles(ctx, input.nodeId, id);
  const [row] = await ctx.db
    .insert(sharedWorkflows)
    .values({
      id,
      userId: ctx.userId,
      nodeId: input.nodeId,
      title,
      description: input.description.trim(),
      workflowLink: files.link,
      workflowApiLink: files.apiLink,
    })
    .returning();
  return row!;
}

/** A shared workflow its owner may change (404 when unknown, 403 for anyone else). */
export async function requireOwnSharedWorkflow(
  db: Database,
  userId: string,
  workflowId: string,
): Promise<SharedWorkflowRow> {
  const row = await requireSharedWorkflow(db, workflowId);
  if (row.userId !== userId) throw forbidden('Only the owner can change this shared workflow.');
  return row;
}

export async function requireSharedWorkflow(db: Database, workflowId: string): Promise<SharedWorkflowRow> {
  const [row] = await db.select().from(sharedWorkflows).where(eq(sharedWorkflows.id, workflowId));
  if (!row) throw notFound('Shared workflow not found');
  return row;
}

/** Updates title and description and, when a node is named, replaces the files with the node's. */
export async function updateSharedWorkflow(
  ctx: SharingContext,
  input: { workflowId: string; nodeId?: string; title: string; description: string },
): Promise<SharedWorkflowRow> {
  const existing = await requireOwnSharedWorkflow(ctx.db, ctx.userId, input.workflowId);
  const title = cleanTitle(input.title);
  const files = input.nodeId ? await copyNodeFiles(ctx, input.nodeId, existing.id) : null;
  const [row] = await ctx.db
    .update(sharedWorkflows)
    .set({
      title,
      description: input.description.trim(),
      updatedAt: new Date(),
      ...(files && input.nodeId
        ? { nodeId: input.nodeId, workflowLink: files.link, workflowApiLink: files.apiLink }
        : {}),
    })
    .where(eq(sharedWorkflows.id, existing.id))
    .returning();
  return row!;
}

export async function deleteSharedWorkflow(ctx: SharingContext, workflowId: string): Promise<void> {
  const row = await requireOwnSharedWorkflow(ctx.db, ctx.userId, workflowId);
  await ctx.db.delete(sharedWorkflows).where(eq(sharedWorkflows.id, row.id));
  await ctx.storage.deletePrefix(sharedWorkflowPrefix(row.id));
}
