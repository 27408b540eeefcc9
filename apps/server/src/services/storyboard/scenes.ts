import type { SceneUpdate } from '@cinegraph/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { movies, scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import { authorizeItem } from './item-access';
import { flagColumns, levelInputs, mergeFields, updatedInputs } from './item-changes';
import { insertIntoList, moveInList, removeFromList, type SiblingList } from './ordering';

export type SceneRow = typeof scenes.$inferSelect;

const sceneList = (movieId: string): SiblingList => ({
  table: scenes,
  where: eq(scenes.movieId, movieId),
  parent: { table: movies, id: movieId },
});

export async function listScenes(db: Db, movieId: string): Promise<SceneRow[]> {
  return db
    .select()
    .from(scenes)
    .where(eq(scenes.movieId, movieId))
    .orderBy(asc(scenes.index), asc(scenes.createdAt), asc(scenes.id));
}

async function findScene(db: Db, id: string): Promise<SceneRow | undefined> {
  const [row] = await db.select().from(scenes).where(eq(scenes.id, id));
  return row;
}

/**
 * The scene's row locked for this transaction's update: a deletion committed meanwhile (another tab, another
 * server) is a 404, not a write to a row that is gone.
 */
async function lockScene(tx: Db, id: string): Promise<SceneRow> {
  const [row] = await tx.select().from(scenes).where(eq(scenes.id, id)).for('no key update');
  if (!row) throw notFound('Scene not found');
  return row;
}

/** A scene of a movie the user is a member of (and of `movieId`, when given). */
export async function requireScene(
  db: Database,
  id: string,
  userId: string,
  movieId?: string,
): Promise<SceneRow> {
  return authorizeItem(db, await findScene(db, id), 'Scene', userId, movieId);
}

/** A new scene at the end (or at `index`), holding the movie's scene-level inputs. */
export async function createScene(db: Database, movieId: string, index?: number): Promise<SceneRow> {
  return db.transaction(async (tx) => {
    const inputs = await levelInputs(tx, movieId, 'scene');
    return insertIntoList(
      tx,
      sceneList(movieId),
      () => index,
      async (position) =>
        (await tx.insert(scenes).values({ movieId, index: position, inputs }).returning())[0]!,
    );
  });
}

/** Writes what the body names; a changed index moves the scene and renumbers its neighbours. */
export async function updateScene(
  db: Database,
  scene: SceneRow,
  body: z.output<typeof SceneUpdate>,
): Promise<SceneRow> {
  return db.transaction(async (tx) => {
    if (body.index !== undefined && body.index !== scene.index) {
      await moveInList(tx, sceneList(scene.movieId), scene.id, body.index);
    }
    const current = await lockScene(tx, scene.id);
    const [row] = await tx
      .update(scenes)
      .set({
        ...flagColumns(body),
        ...(body.title !== undefined && { title: body.title }),
        ...(body.inputs && {
          inputs: await updatedInputs(tx, scene.movieId, 'scene', current.inputs, body.inputs),
        }),
        fields: mergeFields('scene', current.fields, body),
        updatedAt: sql`now()`,
      })
      .where(eq(scenes.id, scene.id))
      .returning();
    return row!;
  });
}

/** A copy of the scene and its shots, inserted right after it. */
export async function copyScene(db: Database, scene: SceneRow): Promise<SceneRow> {
  return db.transaction(async (tx) => {
    const { id: _id, index: _index, createdAt: _c, updatedAt: _u, ...values } = scene;
    const copy = await insertIntoList(
      tx,
      sceneList(scene.movieId),
      (order) => order.indexOf(scene.id) + 1,
      async (index) =>
        (
          await tx
            .insert(scenes)
            .values({ ...values, index, newOutput: false })
            .returning()
        )[0]!,
    );
    const sceneShots = await tx.select().from(shots).where(eq(shots.sceneId, scene.id));
    if (sceneShots.length > 0) {
      await tx.insert(shots).values(
        sceneShots.map(({ id: _sid, createdAt: _sc, updatedAt: _su, ...shot }) => ({
          ...shot,
          sceneId: copy.id,
          newOutput: false,
        })),
      );
    }
    return copy;
  });
}

/** Deletes the scene with its shots (foreign keys); later scenes move up one. */
export async function deleteScene(db: Database, scene: SceneRow): Promise<void> {
  await db.transaction((tx) => removeFromList(tx, sceneList(scene.movieId), scene.id));
}
