import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, scenes, shots } from '../../db/schema';
import type { GenerationRow } from '../generations/access';

export type ShotRow = typeof shots.$inferSelect;
export type SceneRow = typeof scenes.$inferSelect;

/** A finished take with the shot and scene it belongs to: what downloads and exports are made of. */
export interface ShotTake {
  generation: GenerationRow;
  shot: ShotRow;
  scene: SceneRow;
}

/**
 * The successful, stored takes of a movie's shots in scene, shot and take order; optionally only
 * those of one workflow node.
 */
export async function listShotTakes(
  db: Database,
  movieId: string,
  opts: { workflowNodeId?: string } = {},
): Promise<ShotTake[]> {
  const rows = await db
    .select({ generation: generations, shot: shots, scene: scenes })
    .from(generations)
    .innerJoin(shots, eq(shots.id, generations.shotId))
    .innerJoin(scenes, eq(scenes.id, shots.sceneId))
    .where(
      and(
        eq(generations.movieId, movieId),
        eq(generations.status, 'success'),
        isNotNull(generations.output),
        opts.workflowNodeId ? eq(generations.workflowNodeId, opts.workflowNodeId) : undefined,
      ),
    )
    .orderBy(
      asc(scenes.index),
      asc(scenes.id),
      asc(shots.index),
      asc(shots.id),
      asc(generations.index),
      asc(generations.createdAt),
    );
  return rows;
}
