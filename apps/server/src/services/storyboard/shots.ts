import type { ShotUpdate } from '@cinegraph/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import { authorizeItem } from './item-access';
import { flagColumns, levelInputs, mergeFields, updatedInputs } from './item-changes';
import { insertIntoList, moveInList, removeFromList, type SiblingList } from './ordering';
import type { SceneRow } from './scenes';

export type ShotRow = typeof shots.$inferSelect;

const shotList = (sceneId: string): SiblingList => ({
  table: shots,
  where: eq(shots.sceneId, sceneId),
  parent: { table: scenes, id: sceneId },
});

export async function listShots(db: Db, sceneId: string): Promise<ShotRow[]> {
  return db
    .select()
    .from(shots)
    .where(eq(shots.sceneId, sceneId))
    .orderBy(asc(shots.index), asc(shots.createdAt), asc(shots.id));
}

async function findShot(db: Db, id: string): Promise<ShotRow | undefined> {
  const [row] = await db.select().from(shots).where(eq(shots.id, id));
  return row;
}

/**
 * The shot's row locked for this transaction's update: a deletion committed meanwhile (another tab, another
 * server) is a 404, not a write to a row that is gone.
 */
async function lockShot(tx: Db, id: string): Promise<ShotRow> {
  const [row] = await tx.select().from(shots).where(eq(shots.id, id)).for('no key update');
  if (!row) throw notFound('Shot not found');
  return row;
}

/** A shot of a movie the user is a member of (and of `movieId`, when given). */
export async function requireShot(
  db: Database,
  id: string,
  userId: string,
  movieId?: string,
): Promise<ShotRow> {
  return authorizeItem(db, await findShot(db, id), 'Shot', userId, movieId);
}

/** A blank shot at the end of the scene (or at `index`), holding the movie's shot-level inputs. */
export async function createShot(db: Database, scene: SceneRow, index?: number): Promise<ShotRow> {
  return db.transaction(async (tx) => {
    const inputs = await levelInputs(tx, scene.movieId, 'shot');
    return insertIntoList(
      tx,
      shotList(scene.id),
      () => index,
      async (position) =>
        (
          await tx
            .insert(shots)
            .values({ movieId: scene.movieId, sceneId: scene.id, index: position, inputs })
            .returning()
        )[0]!,
    );
  });
}

/** Writes what the body names; a changed index moves the shot within its scene. */
export async function updateShot(
  db: Database,
  shot: ShotRow,
  body: z.output<typeof ShotUpdate>,
): Promise<ShotRow> {
  return db.transaction(async (tx) => {
    if (body.index !== undefined && body.index !== shot.index) {
      await moveInList(tx, shotList(shot.sceneId), shot.id, body.index);
    }
    const current = await lockShot(tx, shot.id);
    const [row] = await tx
      .update(shots)
      .set({
        ...flagColumns(body),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.duration !== undefined && { durationSeconds: body.duration }),
        ...(body.inputs && {
          inputs: await updatedInputs(tx, shot.movieId, 'shot', current.inputs, body.inputs),
        }),
        fields: mergeFields('shot', current.fields, body),
        updatedAt: sql`now()`,
      })
      .where(eq(shots.id, shot.id))
      .returning();
    return row!;
  });
}

/** A copy of the shot, inserted right after it in its scene. */
export async function copyShot(db: Database, shot: ShotRow): Promise<ShotRow> {
  return db.transaction(async (tx) => {
    const { id: _id, index: _index, createdAt: _c, updatedAt: _u, ...values } = shot;
    return insertIntoList(
      tx,
      shotList(shot.sceneId),
      (order) => order.indexOf(shot.id) + 1,
      async (index) =>
        (
          await tx
            .insert(shots)
            .values({ ...values, index, newOutput: false })
            .returning()
        )[0]!,
    );
  });
}

/** Deletes the shot; later shots of the scene move up one. */
export async function deleteShot(db: Database, shot: ShotRow): Promise<void> {
  await db.transaction((tx) => removeFromList(tx, shotList(shot.sceneId), shot.id));
}
