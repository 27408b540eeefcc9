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

/**
 * Writes an import plan into the movie, inside the caller's transaction: the title of an untitled
 * movie, new characters, scenes and shots (their level's inputs, with the Description, Dialogue, Camera
 * Angle and Location text inputs filled), changed texts of matched ones (their other inputs and takes
 * untouched), the removals asked for, and every list's order.
 */
export async function writePlan(
  tx: Db,
  movieId: string,
  movie: ExistingStoryboard,
  { preview, sceneOrder, shotOrders }: ImportPlan,
  remove: ReadonlySet<string>,
): Promise<WriteCounts> {
  const counts: WriteCounts = { added: 0, changed: 0, kept: 0, removed: remove.size };
  const tally = (change: 'add' | 'change' | 'keep') =>
    change === 'add' ? counts.added++ : change === 'change' ? counts.changed++ : counts.kept++;
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
  const [sceneInputs, shotInputs, characterInputs] = await Promise.all([
    levelInputs(tx, movieId, 'scene'),
    levelInputs(tx, movieId, 'shot'),
    levelInputs(tx, movieId, 'character'),
  ]);

  const keptCharacters = movie.characters.filter((c) => !remove.has(c.id));
  const newCharacters = preview.characters.filter((c) => c.change === 'add');
  preview.characters.forEach((c) => tally(c.change));
  await insertChunks(
    newCharacters.map((c, i) => ({
      movieId,
      name: c.name,
      index: keptCharacters.length + i,
      inputs: characterInputs,
    })),
    (rows) => tx.insert(characters).values(rows),
  );
  // Removed characters leave gaps: the kept ones close up in their order.
  for (const [index, c] of keptCharacters.entries()) {
    await tx.update(characters).set({ index }).where(eq(characters.id, c.id));
  }

  const sceneIds = preview.scenes.map((s) => s.scene_id ?? randomUUID());
  const storedScenes = new Map(movie.scenes.map((s) => [s.id, s]));
  await insertChunks(
    preview.scenes.flatMap((s, j) => {
      tally(s.change);
      if (s.change !== 'add') return [];
      const texts = sceneTexts(s);
      return [
        {
          id: sceneIds[j]!,
          movieId,
          title: s.heading,
          fields: { location: s.location, description: s.description },
          inputs: withTexts(sceneInputs, texts),
        },
      ];
    }),
    (rows) => tx.insert(scenes).values(rows),
  );
  for (const s of preview.scenes.filter((scene) => scene.change === 'change')) {
    const [row] = await tx.select().from(scenes).where(eq(scenes.id, s.scene_id!));
    await tx
      .update(scenes)
      .set({
        title: s.heading,
        fields: { ...row!.fields, location: s.location, description: s.description },
        inputs: withTexts(row!.inputs, sceneTexts(s)),
        updatedAt: sql`now()`,
      })
      .where(eq(scenes.id, s.scene_id!));
  }
  await writeOrder(
    tx,
    scenes,
    placedIds(
      sceneOrder,
      sceneIds,
      movie.scenes.map((s) => s.id),
      remove,
    ),
  );

  for (const [j, scene] of preview.scenes.entries()) {
    const sceneId = sceneIds[j]!;
    const shotIds = scene.shots.map((s) => s.shot_id ?? randomUUID());
    await insertChunks(
      scene.shots.flatMap((s, k) => {
        tally(s.change);
        if (s.change !== 'add') return [];
        return [
          {
            id: shotIds[k]!,
            movieId,
            sceneId,
            description: s.description,
            fields: { dialogue: s.dialogue, camera_angle: s.camera_angle },
            inputs: withTexts(shotInputs, shotTexts(s)),
          },
        ];
      }),
      (rows) => tx.insert(shots).values(rows),
    );
    for (const s of scene.shots.filter((shot) => shot.change === 'change')) {
      const [row] = await tx.select().from(shots).where(eq(shots.id, s.shot_id!));
      await tx
        .update(shots)
        .set({
          description: s.description,
          fields: { ...row!.fields, dialogue: s.dialogue, camera_angle: s.camera_angle },
          inputs: withTexts(row!.inputs, shotTexts(s)),
          updatedAt: sql`now()`,
        })
        .where(eq(shots.id, s.shot_id!));
    }
    const existingShots = (scene.scene_id && storedScenes.get(scene.scene_id)?.shots) || [];
    await writeOrder(
      tx,
      shots,
      placedIds(
        shotOrders[j]!,
        shotIds,
        existingShots.map((s) => s.id),
        remove,
      ),
    );
  }
  return counts;
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
