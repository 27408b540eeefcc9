import { checkConnection, wouldCreateCycle, type ConnectionBody } from '@cinegraph/contracts';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { connections, nodes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isUniqueViolation, toGraphNode, type ConnectionRow, type Db, type NodeRow } from './node-rows';
import { settleExtraInstructions } from './extra-instructions';
import { isItemInputNode, syncItemInputs } from './sync-all-inputs';

const DUPLICATE_EDGE = 'This connection already exists.';

export async function listConnections(db: Db, movieId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(connections)
    .where(eq(connections.movieId, movieId))
    .orderBy(asc(connections.createdAt), asc(connections.id));
}

/**
 * Connects an output to an input after the graph rules. An occupied input is re-wired (an input takes
 * one connection), and a primitive still typed 'any' takes the type of the input it feeds.
 */
export async function connect(db: Database, movieId: string, edge: ConnectionBody): Promise<ConnectionRow> {
  try {
    return await db.transaction(async (tx) => {
      const pair = await tx
        .select()
        .from(nodes)
        .where(
          and(eq(nodes.movieId, movieId), inArray(nodes.id, [edge.source_node_id, edge.target_node_id])),
        );
      const source = pair.find((n) => n.id === edge.source_node_id);
      const target = pair.find((n) => n.id === edge.target_node_id);
      if (!source || !target) throw notFound('Both nodes must exist in this movie.');
      const check = checkConnection(
        toGraphNode(source),
        edge.source_handle_id,
        toGraphNode(target),
        edge.target_handle_id,
      );
      if (!check.ok) throw badRequest(check.reason);

      const edges = await listConnections(tx, movieId);
      if (edges.some((e) => sameEdge(e, edge))) throw conflict(DUPLICATE_EDGE);
      const occupied = edges.find(
        (e) => e.targetNodeId === edge.target_node_id && e.targetHandleId === edge.target_handle_id,
      );
      const remaining = edges.filter((e) => e !== occupied).map(toEdge);
      if (wouldCreateCycle(remaining, edge.source_node_id, edge.target_node_id)) {
        throw badRequest('This connection would make a loop: the target already feeds the source.');
      }
      if (occupied) await tx.delete(connections).where(eq(connections.id, occupied.id));
      await adoptTargetType(tx, source, target, edge);
      const [row] = await tx
        .insert(connections)
        .values({
          movieId,
          sourceNodeId: edge.source_node_id,
          sourceHandleId: edge.source_handle_id,
          targetNodeId: edge.target_node_id,
          targetHandleId: edge.target_handle_id,
        })
        .returning();
      // A primitive typed 'any' just took a type: the items carrying it learn it too.
      if (isItemInputNode(source)) await syncItemInputs(tx, movieId);
      await settleExtraInstructions(tx, target.id);
      return row!;
    });
  } catch (error) {
    // Two simultaneous calls may both pass the checks; the unique constraints decide.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EDGE);
    throw error;
  }
}

export async function disconnect(db: Database, movieId: string, edge: ConnectionBody): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(connections)
      .where(
        and(
          eq(connections.movieId, movieId),
          eq(connections.sourceNodeId, edge.source_node_id),
          eq(connections.sourceHandleId, edge.source_handle_id),
          eq(connections.targetNodeId, edge.target_node_id),
          eq(connections.targetHandleId, edge.target_handle_id),
        ),
      )
      .returning({ id: connections.id });
    if (deleted.length === 0) throw notFound('There is no such connection in this movie.');
    await settleExtraInstructions(tx, edge.target_node_id);
  });
}

/**
 * After a node's handles change, removes its connections that no longer follow the rules (a handle
 * gone, or types that no longer fit), so no edge points at nothing.
 */
export async function removeBrokenConnections(tx: Db, node: NodeRow): Promise<void> {
  const touching = await tx
    .select()
    .from(connections)
    .where(or(eq(connections.sourceNodeId, node.id), eq(connections.targetNodeId, node.id)));
  if (touching.length === 0) return;
  const otherIds = touching.map((e) => (e.sourceNodeId === node.id ? e.targetNodeId : e.sourceNodeId));
  const others = await tx.select().from(nodes).where(inArray(nodes.id, otherIds));
  const byId = new Map([...others, node].map((n) => [n.id, toGraphNode(n)]));
  const broken = touching.filter(
    (e) =>
      !checkConnection(byId.get(e.sourceNodeId), e.sourceHandleId, byId.get(e.targetNodeId), e.targetHandleId)
        .ok,
  );
  if (broken.length === 0) return;
  await tx.delete(connections).where(
    inArray(
      connections.id,
      broken.map((e) => e.id),
    ),
  );
}

async function adoptTargetType(
  tx: Db,
  source: NodeRow,
  target: NodeRow,
  edge: ConnectionBody,
): Promise<void> {
  if (source.type !== 'primitive') return;
  const out = source.outputHandles.find((h) => h.id === edge.source_handle_id);
  const into = target.inputHandles.find((h) => h.id === edge.target_handle_id);
  if (!out || !into || out.type !== 'any' || into.type === 'any') return;
  const outputHandles = source.outputHandles.map((h) => (h === out ? { ...h, type: into.type } : h));
  await tx.update(nodes).set({ outputHandles }).where(eq(nodes.id, source.id));
}

function sameEdge(row: ConnectionRow, edge: ConnectionBody): boolean {
  return (
    row.sourceNodeId === edge.source_node_id &&
    row.sourceHandleId === edge.source_handle_id &&
    row.targetNodeId === edge.target_node_id &&
    row.targetHandleId === edge.target_handle_id
  );
}

function toEdge(row: ConnectionRow) {
  return { source_node_id: row.sourceNodeId, target_node_id: row.targetNodeId };
}
