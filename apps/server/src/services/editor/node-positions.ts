import { Handle, Id, UpdateNodesBody } from '@cinegraph/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { nodes } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { removeBrokenConnections } from './connections';
import { isItemInputNode, syncItemInputs } from './sync-all-inputs';

type NodeUpdates = z.output<typeof UpdateNodesBody>;
const Handles = z.array(Handle.omit({ connections: true })).max(100);

/**
 * Saves many nodes at once (the canvas after a drag). Every id must be a node of this movie, or nothing
 * is written. With `positionsOnly` only positions change; otherwise names and handles too.
 */
export async function updateNodes(
  db: Database,
  movieId: string,
  updates: NodeUpdates,
  positionsOnly: boolean,
): Promise<number> {
  const ids = [...new Set(updates.map((u) => u.id))];
  const badId = ids.find((id) => !Id.safeParse(id).success);
  if (badId !== undefined) throw badRequest(`Invalid node id "${badId}".`);
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: nodes.id, type: nodes.type, level: nodes.level })
      .from(nodes)
      .where(and(eq(nodes.movieId, movieId), inArray(nodes.id, ids)));
    const missing = ids.find((id) => !found.some((n) => n.id === id));
    if (missing) throw notFound(`Node ${missing} is not in this movie.`);
    for (const update of updates) {
      const node = found.find((n) => n.id === update.id)!;
      const changes = positionsOnly ? {} : fullChanges(update, node.type === 'primitive');
      const [row] = await tx
        .update(nodes)
        .set({
          positionX: update.position.x,
          positionY: update.position.y,
          ...changes,
          updatedAt: sql`now()`,
        })
        .where(eq(nodes.id, update.id))
        .returning();
      if (changes.inputHandles || changes.outputHandles) await removeBrokenConnections(tx, row!);
    }
    if (!positionsOnly && found.some(isItemInputNode)) await syncItemInputs(tx, movieId);
    return ids.length;
  });
}

// A primitive's single output is managed by the server (connect adopts its type), so it is not replaced here.
function fullChanges(update: NodeUpdates[number], isPrimitive: boolean) {
  const parse = (handles: unknown[] | undefined, side: string) => {
    if (handles === undefined) return undefined;
    const parsed = Handles.safeParse(handles);
    if (!parsed.success) throw badRequest(`Node ${update.id} has invalid ${side} handles.`);
    return parsed.data;
  };
  const inputHandles = isPrimitive ? undefined : parse(update.input_handles, 'input');
  const outputHandles = isPrimitive ? undefined : parse(update.output_handles, 'output');
  return {
    ...(update.name !== undefined && { name: update.name.trim().slice(0, 200) }),
    ...(inputHandles && { inputHandles }),
    ...(outputHandles && { outputHandles }),
  };
}
