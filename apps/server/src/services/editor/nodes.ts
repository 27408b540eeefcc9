import { PRIMITIVE_LEVELS, type CreateNodeBody, type UpdateNodeBody } from '@cinegraph/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { nodes } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { requireMovieMember } from '../movies/access';
import { removeBrokenConnections } from './connections';
import { assertDistinctHandleIds, buildNewNode, isPrimitiveLevel, primitiveOutput } from './new-node';
import { requireMovieNode, type Db, type NodeRow } from './node-rows';
import { isItemInputNode, syncItemInputs } from './sync-all-inputs';

export async function listNodes(db: Db, movieId: string): Promise<NodeRow[]> {
  return db
    .select()
    .from(nodes)
    .where(eq(nodes.movieId, movieId))
    .orderBy(asc(nodes.createdAt), asc(nodes.id));
}

export async function listWorkflowNodes(db: Db, movieId: string): Promise<NodeRow[]> {
  return db
    .select()
    .from(nodes)
    .where(and(eq(nodes.movieId, movieId), eq(nodes.type, 'workflow')))
    .orderBy(asc(nodes.createdAt), asc(nodes.id));
}

/** A new scene, shot or character input reaches every existing item in the same transaction. */
export async function createNode(
  db: Database,
  movieId: string,
  body: z.output<typeof CreateNodeBody>,
): Promise<NodeRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(nodes).values(buildNewNode(movieId, body)).returning();
    if (isItemInputNode(row!)) await syncItemInputs(tx, movieId);
    return row!;
  });
}

/**
 * Changes only what the body names; connections that the new handles no longer allow are removed, and a
 * renamed, retyped or re-levelled input node updates the items that carry it.
 */
export async function updateNode(
  db: Database,
  movieId: string,
  nodeId: string,
  body: z.output<typeof UpdateNodeBody>,
): Promise<NodeRow> {
  return db.transaction(async (tx) => {
    const node = await requireMovieNode(tx, movieId, nodeId);
    if (node.type === 'primitive' && body.level && !isPrimitiveLevel(body.level)) {
      throw badRequest(`An input node needs one of the levels ${PRIMITIVE_LEVELS.join(', ')}.`);
    }
    const handlesChange = body.input_handles !== undefined || body.output_handles !== undefined;
    const [updated] = await tx
      .update(nodes)
      .set({
        ...(body.name !== undefined && { name: body.name }),
        ...(body.position && { positionX: body.position.x, positionY: body.position.y }),
        ...(body.width !== undefined && { width: body.width }),
        ...(body.value !== undefined && { value: body.value }),
        ...(body.level && { level: body.level }),
        ...handleChanges(node, body),
        updatedAt: sql`now()`,
      })
      .where(eq(nodes.id, node.id))
      .returning();
    if (handlesChange) await removeBrokenConnections(tx, updated!);
    if (isItemInputNode(node) || isItemInputNode(updated!)) await syncItemInputs(tx, movieId);
    return updated!;
  });
}

function handleChanges(node: NodeRow, body: z.output<typeof UpdateNodeBody>): Partial<NodeRow> {
  // A primitive keeps its single output; only that output's type and name may change.
  if (node.type === 'primitive') {
    if (!body.output_handles) return {};
    return { outputHandles: [primitiveOutput(body.name ?? node.name, body.output_handles[0])] };
  }
  if (body.input_handles) assertDistinctHandleIds(body.input_handles, 'input');
  if (body.output_handles) assertDistinctHandleIds(body.output_handles, 'output');
  return {
    ...(body.input_handles && { inputHandles: body.input_handles }),
    ...(body.output_handles && { outputHandles: body.output_handles }),
  };
}

export async function setNodeHidden(
  db: Db,
  movieId: string,
  nodeId: string,
  hidden: boolean,
): Promise<NodeRow> {
  await requireMovieNode(db, movieId, nodeId);
  const [row] = await db
    .update(nodes)
    .set({ hidden, updatedAt: sql`now()` })
    .where(eq(nodes.id, nodeId))
    .returning();
  return row!;
}

/** The node's connections go with it (foreign keys); a workflow node also takes its stored files. */
export async function deleteNode(
  db: Database,
  storage: Storage,
  movieId: string,
  nodeId: string,
): Promise<void> {
  const node = await requireMovieNode(db, movieId, nodeId);
  // Generations of a workflow node will reference the node with ON DELETE CASCADE (generation issue),
  // so the row delete below removes them; their media lives under the node's storage prefix.
  await db.transaction(async (tx) => {
    await tx.delete(nodes).where(eq(nodes.id, node.id));
    // A removed input leaves the scenes, shots or characters that carried it.
    if (isItemInputNode(node)) await syncItemInputs(tx, movieId);
  });
  if (node.type === 'workflow') await storage.deletePrefix(nodeStoragePrefix(movieId, nodeId));
}

export function nodeStoragePrefix(movieId: string, nodeId: string): string {
  return `movies/${movieId}/nodes/${nodeId}/`;
}

/** Show has only the node in its path: the node's own movie decides who may do it. */
export async function showNode(db: Db, userId: string, nodeId: string): Promise<NodeRow> {
  const [node] = await db.select().from(nodes).where(eq(nodes.id, nodeId));
  if (!node) throw notFound('Node not found');
  await requireMovieMember(db, node.movieId, userId);
  return setNodeHidden(db, node.movieId, nodeId, false);
}
