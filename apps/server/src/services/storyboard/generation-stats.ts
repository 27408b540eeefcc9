import type { SceneGenerationStats, ShotGenerationStats } from '@cinegraph/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import { storyboardGenerationCounts } from '../generations/counts';

export async function shotGenerationStats(
  db: Db,
  shot: { id: string; newOutput: boolean },
): Promise<ShotGenerationStats> {
  const { withNewOutput, ...counts } = await storyboardGenerationCounts(db, { shotId: shot.id });
  return { ...counts, shot_has_new_output: shot.newOutput, generations_with_new_output: withNewOutput };
}

export async function sceneGenerationStats(db: Db, sceneId: string): Promise<SceneGenerationStats> {
  const { withNewOutput, ...total } = await storyboardGenerationCounts(db, { sceneId });
  const [marked] = await db
    .select({ n: count() })
    .from(shots)
    .where(and(eq(shots.sceneId, sceneId), eq(shots.newOutput, true)));
  return { total, shots_with_new_output: marked?.n ?? 0, generations_with_new_output: withNewOutput };
}

/** Ids of the scene's shots whose new-output marker is set, in order. */
export async function shotsWithNewOutput(db: Db, sceneId: string): Promise<string[]> {
  const rows = await db
    .select({ id: shots.id })
    .from(shots)
    .where(and(eq(shots.sceneId, sceneId), eq(shots.newOutput, true)))
    .orderBy(asc(shots.index), asc(shots.id));
  return rows.map((row) => row.id);
}

/** Ids of the movie's scenes whose new-output marker is set, in order. */
export async function scenesWithNewOutput(db: Db, movieId: string): Promise<string[]> {
  const rows = await db
    .select({ id: scenes.id })
    .from(scenes)
    .where(and(eq(scenes.movieId, movieId), eq(scenes.newOutput, true)))
    .orderBy(asc(scenes.index), asc(scenes.id));
  return rows.map((row) => row.id);
}
