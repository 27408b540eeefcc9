import type { SceneGenerationStats, ShotGenerationStats, StatusCounts } from '@cinegraph/contracts';
import { and, asc, count, eq } from 'drizzle-orm';
import { scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';

/** The shots (or all shots of a scene) whose generations are counted. */
export type GenerationScope = { shotId: string } | { sceneId: string };

export interface GenerationCounts extends StatusCounts {
  withNewOutput: number;
}

/**
 * Counts the generations of a shot or a scene, grouped as the screens show them. The generations table
 * (the job queue) arrives with the generation issue, which fills this in; until then no shot has any
 * generation, so every count is truly zero.
 */
export async function countGenerations(_db: Db, _scope: GenerationScope): Promise<GenerationCounts> {
  return { pending: 0, running: 0, success: 0, failed: 0, withNewOutput: 0 };
}

export async function shotGenerationStats(
  db: Db,
  shot: { id: string; newOutput: boolean },
): Promise<ShotGenerationStats> {
  const { withNewOutput, ...counts } = await countGenerations(db, { shotId: shot.id });
  return { ...counts, shot_has_new_output: shot.newOutput, generations_with_new_output: withNewOutput };
}

export async function sceneGenerationStats(db: Db, sceneId: string): Promise<SceneGenerationStats> {
  const { withNewOutput, ...total } = await countGenerations(db, { sceneId });
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
