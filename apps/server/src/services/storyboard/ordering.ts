import { insertAt, insertPosition, moveItem, reindex } from '@cinegraph/contracts';
import { asc, eq, type SQL } from 'drizzle-orm';
import { characters, movies, scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';

export type ItemTable = typeof scenes | typeof shots | typeof characters;

/** One ordered list: a movie's scenes or characters, or a scene's shots. */
export interface SiblingList {
  table: ItemTable;
  where: SQL;
  /** The row that owns the list; locking it makes concurrent changes of the list take turns. */
  parent: { table: typeof movies | typeof scenes; id: string };
}

interface Placed {
  id: string;
  index: number;
}

/** The list in its order (by index; ties by creation), after locking its owner for this transaction. */
async function lockedOrder(tx: Db, list: SiblingList): Promise<Placed[]> {
  const { table: parent, id } = list.parent;
  await tx.select({ id: parent.id }).from(parent).where(eq(parent.id, id)).for('no key update');
  return tx
    .select({ id: list.table.id, index: list.table.index })
    .from(list.table)
    .where(list.where)
    .orderBy(asc(list.table.index), asc(list.table.createdAt), asc(list.table.id));
}

/** Writes indexes 0..n-1 in `order`, touching only the rows whose index changes. */
async function writeOrder(tx: Db, list: SiblingList, current: Placed[], order: string[]): Promise<void> {
  for (const change of reindex(current, order)) {
    await tx.update(list.table).set({ index: change.index }).where(eq(list.table.id, change.id));
  }
}

/**
 * Inserts a row at a position of the list (appended when `placeOf` gives none); later rows move down
 * one. `placeOf` sees the current order of ids, so a copy can go right after its original.
 */
export async function insertIntoList<R extends { id: string }>(
  tx: Db,
  list: SiblingList,
  placeOf: (order: string[]) => number | undefined,
  insert: (index: number) => Promise<R>,
): Promise<R> {
  const current = await lockedOrder(tx, list);
  const ids = current.map((item) => item.id);
  const position = insertPosition(ids.length, placeOf(ids));
  const row = await insert(position);
  await writeOrder(tx, list, [...current, { id: row.id, index: position }], insertAt(ids, position, row.id));
  return row;
}

/** Moves a row to a position of its list (clamped); the rows in between shift by one. */
export async function moveInList(tx: Db, list: SiblingList, id: string, to: number): Promise<void> {
  const current = await lockedOrder(tx, list);
  const ids = current.map((item) => item.id);
  await writeOrder(tx, list, current, moveItem(ids, ids.indexOf(id), to));
}

/** Deletes a row; the later rows move up one. */
export async function removeFromList(tx: Db, list: SiblingList, id: string): Promise<void> {
  const before = await lockedOrder(tx, list);
  await tx.delete(list.table).where(eq(list.table.id, id));
  const current = before.filter((item) => item.id !== id);
  await writeOrder(
    tx,
    list,
    current,
    current.map((item) => item.id),
  );
}
