import { randomUUID } from 'node:crypto';
import type { ItemInput, PlannedScene, PlannedShot } from '@cinegraph/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { characters, movies, scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import { levelInputs } from '../storyboard/item-changes';
import type { Placed } from './align';
import type { ExistingStoryboard, ImportPlan } from './merge-plan';

/** Inserts stay well under PostgreSQL's limit of 65535 parameters per statement. */
const CHUNK = 500;

export interface WriteCounts {
  added: number;
  changed: number;
  kept: number;
  removed: number;
}

const normalName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The text inputs named like one of `values`' keys ('Dialogue', 'Camera Angle') set to its text; an
 * undefined text leaves the input as it is (a template's default camera angle when the script has none).
 */
function withTexts(inputs: readonly ItemInput[], values: Record<string, string | undefined>): ItemInput[] {
  return inputs.map((input) => {
    const value = values[normalName(input.name)];
    return input.type === 'text' && value !== undefined ? { ...input, value } : input;
  });
}

const sceneTexts = (s: PlannedScene) => ({
  title: s.heading,
  location: s.location || undefined,
  description: s.description || undefined,
});
const shotTexts = (s: PlannedShot) => ({
  description: s.description,
  dialogue: s.dialogue,
  cameraangle: s.camera_angle || undefined,
});

/** How many items (characters, scenes, shots) the plan adds, changes and keeps, and how many go. */
function countChanges(preview: ImportPlan['preview'], removed: number): WriteCounts {
  const items = [...preview.characters, ...preview.scenes, ...preview.scenes.flatMap((s) => s.shots)];
  const of = (change: string) => items.filter((item) => item.change === change).length;
  return { added: of('add'), changed: of('change'), kept: of('keep'), removed };
}

/**
 * Writes an import plan into the movie, inside the caller's transaction: the title of an untitled
 * movie, the removals asked for, new characters, scenes and shots (their level's inputs, with the
 * Description, Dialogue, Camera Angle and Location text inputs filled), changed texts of matched ones
 * (their other inputs and takes untouched), and every list's order.
 */
export async function writePlan(
  tx: Db,
  movieId: string,
  movie: ExistingStoryboard,
  plan: ImportPlan,
  remove: ReadonlySet<string>,
): Promise<WriteCounts> {
  const { preview } = plan;
  if (preview.title_changes) {
    await tx
      .update(movies)
      .set({ title: preview.title, updatedAt: sql`now()` })
      .where(eq(movies.id, movieId));
  }
  if (remove.size > 0) {
    const ids = [...remove];
    await tx.delete(shots).where(inArray(shots.id, ids));
    await tx.delete(scenes).where(inArray(scenes.id, ids));
    await tx.delete(characters).where(inArray(characters.id, ids));
  }
  await writeCharacters(tx, movieId, movie, preview, remove);
  const sceneIds = await writeScenes(tx, movieId, movie, plan, remove);
  const shotInputs = await levelInputs(tx, movieId, 'shot');
  for (const [j, scene] of preview.scenes.entries()) {
    const stored = movie.scenes.find((s) => s.id === scene.scene_id)?.shots ?? [];
    await writeShots(
      tx,
      { movieId, sceneId: sceneIds[j]!, scene, stored, order: plan.shotOrders[j]! },
      shotInputs,
      remove,
    );
  }
  return countChanges(preview, remove.size);
}

/** New characters after the kept ones; removed ones leave gaps, so the kept ones close up in their order. */
async function writeCharacters(
  tx: Db,
  movieId: string,
  movie: ExistingStoryboard,
  preview: ImportPlan['preview'],
  remove: ReadonlySet<string>,
): Promise<void> {
  const kept = movie.characters.filter((c) => !remove.has(c.id));
  const inputs = await levelInputs(tx, movieId, 'character');
  const added = preview.characters.filter((c) => c.change === 'add');
  await insertChunks(
    added.map((c, i) => ({ movieId, name: c.name, index: kept.length + i, inputs })),
    (rows) => tx.insert(characters).values(rows),
  );
  for (const [index, c] of kept.entries()) {
    await tx.update(characters).set({ index }).where(eq(characters.id, c.id));
  }
}

/** The scenes added and changed, in the merged order; returns each planned scene's id. */
async function writeScenes(
  tx: Db,
  movieId: string,
  movie: ExistingStoryboard,
  { preview, sceneOrder }: ImportPlan,
  remove: ReadonlySet<string>,
): Promise<string[]> {
  const ids = preview.scenes.map((s) => s.scene_id ?? randomUUID());
  const inputs = await levelInputs(tx, movieId, 'scene');
  const fieldsOf = (s: PlannedScene) => ({ location: s.location, description: s.description });
  await insertChunks(
    preview.scenes
      .map((s, j) => ({ s, id: ids[j]! }))
      .filter(({ s }) => s.change === 'add')
      .map(({ s, id }) => ({
        id,
        movieId,
        title: s.heading,
        fields: fieldsOf(s),
        inputs: withTexts(inputs, sceneTexts(s)),
      })),
    (rows) => tx.insert(scenes).values(rows),
  );
  for (const s of preview.scenes.filter((scene) => scene.change === 'change')) {
    const [row] = await tx.select().from(scenes).where(eq(scenes.id, s.scene_id!));
    await tx
      .update(scenes)
      .set({
        title: s.heading,
        fields: { ...row!.fields, ...fieldsOf(s) },
        inputs: withTexts(row!.inputs, sceneTexts(s)),
        updatedAt: sql`now()`,
      })
      .where(eq(scenes.id, s.scene_id!));
  }
  const existing = movie.scenes.map((s) => s.id);
  await writeOrder(tx, scenes, placedIds(sceneOrder, ids, existing, remove));
  return ids;
}

interface SceneShots {
  movieId: string;
  sceneId: string;
  scene: PlannedScene;
  /** The scene's shots before the import (none for a new scene). */
  stored: readonly { id: string }[];
  order: Placed[];
}

/** One scene's shots added and changed, in the merged order. */
async function writeShots(
  tx: Db,
  { movieId, sceneId, scene, stored, order }: SceneShots,
  inputs: ItemInput[],
  remove: ReadonlySet<string>,
): Promise<void> {
  const ids = scene.shots.map((s) => s.shot_id ?? randomUUID());
  const fieldsOf = (s: PlannedShot) => ({ dialogue: s.dialogue, camera_angle: s.camera_angle });
  await insertChunks(
    scene.shots
      .map((s, k) => ({ s, id: ids[k]! }))
      .filter(({ s }) => s.change === 'add')
      .map(({ s, id }) => ({
        id,
        movieId,
        sceneId,
        description: s.description,
        fields: fieldsOf(s),
        inputs: withTexts(inputs, shotTexts(s)),
      })),
    (rows) => tx.insert(shots).values(rows),
  );
  for (const s of scene.shots.filter((shot) => shot.change === 'change')) {
    const [row] = await tx.select().from(shots).where(eq(shots.id, s.shot_id!));
    await tx
      .update(shots)
      .set({
        description: s.description,
        fields: { ...row!.fields, ...fieldsOf(s) },
        inputs: withTexts(row!.inputs, shotTexts(s)),
        updatedAt: sql`now()`,
      })
      .where(eq(shots.id, s.shot_id!));
  }
  await writeOrder(
    tx,
    shots,
    placedIds(
      order,
      ids,
      stored.map((s) => s.id),
      remove,
    ),
  );
}

/** The ids of a merged order, without the removed ones. */
function placedIds(
  order: Placed[],
  incoming: string[],
  existing: string[],
  remove: ReadonlySet<string>,
): string[] {
  return order
    .map((place) => ('incoming' in place ? incoming[place.incoming]! : existing[place.existing]!))
    .filter((id) => !remove.has(id));
}

/** Indexes 0..n-1 in this order, written in one statement. */
async function writeOrder(tx: Db, table: typeof scenes | typeof shots, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += CHUNK) {
    const part = ids.slice(start, start + CHUNK);
    const cases = sql.join(
      part.map((id, i) => sql`when ${id}::uuid then ${start + i}::integer`),
      sql` `,
    );
    await tx
      .update(table)
      .set({ index: sql`case ${table.id} ${cases} end` })
      .where(inArray(table.id, part));
  }
}

async function insertChunks<R>(rows: R[], insert: (rows: R[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}
