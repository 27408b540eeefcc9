import type { ItemInput } from '@cinegraph/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { characters, nodes, scenes, shots } from '../../db/schema';
import { inputSourcesOfLevel, mergeItemInputs, sameInputs, type InputSource } from './inputs-sync';
import type { Db } from './node-rows';

export interface SyncCounts {
  scenes: number;
  shots: number;
  characters: number;
}

type ItemTable = typeof scenes | typeof shots | typeof characters;

/** Brings every scene, shot and character of the movie in line with its input nodes, in one transaction. */
export async function syncAllInputs(db: Database, movieId: string): Promise<SyncCounts> {
  return db.transaction((tx) => syncItemInputs(tx, movieId));
}

/**
 * The same inside a caller's transaction. Every change to a scene, shot or character input node (add,
 * rename, retype, remove) runs it, so existing items get the input at once and the storyboard can fill it.
 */
export async function syncItemInputs(tx: Db, movieId: string): Promise<SyncCounts> {
  const graph = await tx
    .select()
    .from(nodes)
    .where(eq(nodes.movieId, movieId))
    .orderBy(asc(nodes.createdAt), asc(nodes.id));
  return {
    scenes: await syncTable(tx, scenes, movieId, inputSourcesOfLevel(graph, 'scene')),
    shots: await syncTable(tx, shots, movieId, inputSourcesOfLevel(graph, 'shot')),
    characters: await syncTable(tx, characters, movieId, inputSourcesOfLevel(graph, 'character')),
  };
}

/** Whether a node is an input of scenes, shots or characters (whose items carry its value). */
export function isItemInputNode(node: { type: string; level: string }): boolean {
  return node.type === 'primitive' && ['scene', 'shot', 'character'].includes(node.level);
}

/** Rewrites the items whose inputs differ and returns how many changed. */
async function syncTable(tx: Db, table: ItemTable, movieId: string, sources: InputSource[]): Promise<number> {
  const items: { id: string; inputs: ItemInput[] }[] = await tx
    .select({ id: table.id, inputs: table.inputs })
    .from(table)
    .where(eq(table.movieId, movieId));
  let changed = 0;
  for (const item of items) {
    const inputs = mergeItemInputs(item.inputs, sources);
    if (sameInputs(inputs, item.inputs)) continue;
    await tx
      .update(table)
      .set({ inputs, updatedAt: sql`now()` })
      .where(eq(table.id, item.id));
    changed += 1;
  }
  return changed;
}
