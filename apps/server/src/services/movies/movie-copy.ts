import { randomUUID } from 'node:crypto';
import type { ItemInput } from '@cinegraph/contracts';
import { asc, eq } from 'drizzle-orm';
import { characters, connections, nodes, scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';

/** Inserts stay well under PostgreSQL's limit of 65535 parameters per statement. */
const CHUNK = 500;

/** Ids are made here, not by the database, so every reference can be remapped before inserting. */
type IdMap = Map<string, string>;

/**
 * Copies the graph (nodes, connections) and storyboard (scenes, shots, characters) of one movie into
 * another under fresh ids; item inputs point at the copied nodes. Returns old node id -> new node id.
 */
export async function copyMovieContent(tx: Db, sourceId: string, targetId: string): Promise<IdMap> {
  const nodeIds = await copyNodes(tx, sourceId, targetId);
  const edges = await tx.select().from(connections).where(eq(connections.movieId, sourceId));
  await insertChunks(
    edges.map(({ id: _id, createdAt: _at, ...edge }) => ({
      ...edge,
      movieId: targetId,
      sourceNodeId: nodeIds.get(edge.sourceNodeId)!,
      targetNodeId: nodeIds.get(edge.targetNodeId)!,
    })),
    (rows) => tx.insert(connections).values(rows),
  );
  const sceneIds = await copyItems(tx, scenes, sourceId, targetId, nodeIds);
  const sourceShots = await tx.select().from(shots).where(eq(shots.movieId, sourceId));
  await insertChunks(
    sourceShots.map(({ id: _id, createdAt: _c, updatedAt: _u, ...shot }) => ({
      ...shot,
      movieId: targetId,
      sceneId: sceneIds.get(shot.sceneId)!,
      inputs: remapInputs(shot.inputs, nodeIds),
    })),
    (rows) => tx.insert(shots).values(rows),
  );
  await copyItems(tx, characters, sourceId, targetId, nodeIds);
  return nodeIds;
}

export function remapInputs<T extends Pick<ItemInput, 'node_id'>>(inputs: readonly T[], ids: IdMap): T[] {
  return inputs.map((input) => ({ ...input, node_id: ids.get(input.node_id) ?? input.node_id }));
}

async function copyNodes(tx: Db, sourceId: string, targetId: string): Promise<IdMap> {
  const rows = await tx
    .select()
    .from(nodes)
    .where(eq(nodes.movieId, sourceId))
    .orderBy(asc(nodes.createdAt), asc(nodes.id));
  const ids: IdMap = new Map(rows.map((n) => [n.id, randomUUID()]));
  const start = Date.now();
  // Workflow files stay shared with the source: deleting the copy's node removes only its own prefix.
  await insertChunks(
    rows.map(({ createdAt: _c, updatedAt: _u, ...node }, i) => ({
      ...node,
      id: ids.get(node.id)!,
      movieId: targetId,
      // Distinct creation times keep the source's order, which the graph and item inputs follow.
      createdAt: new Date(start + i),
    })),
    (chunk) => tx.insert(nodes).values(chunk),
  );
  return ids;
}

async function copyItems(
  tx: Db,
  table: typeof scenes | typeof characters,
  sourceId: string,
  targetId: string,
  nodeIds: IdMap,
): Promise<IdMap> {
  const rows = await tx.select().from(table).where(eq(table.movieId, sourceId));
  const ids: IdMap = new Map(rows.map((r) => [r.id, randomUUID()]));
  await insertChunks(
    rows.map(({ createdAt: _c, updatedAt: _u, ...item }) => ({
      ...item,
      id: ids.get(item.id)!,
      movieId: targetId,
      inputs: remapInputs(item.inputs, nodeIds),
    })),
    (chunk) => tx.insert(table).values(chunk),
  );
  return ids;
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}
