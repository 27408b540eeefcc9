import { shotSeconds, type Cut, type CutMedia, type CutShot } from '@cinegraph/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scenes, shots } from '../../db/schema';
import { textField } from '../storyboard/item-changes';
import { chooseShotTakes } from '../exports/chosen-takes';
import { listShotTakes, type ShotTake } from '../exports/movie-takes';
import type { MovieRow } from '../movies/access';
import type { Storage } from '../../storage/storage';
import { storedFileKey } from '../assets/stored-files';
import { headerDurationSeconds } from '../exports/media-duration';

export interface CutOptions {
  /** Only this scene's shots; the whole movie when left out. */
  sceneId?: string;
  /** Only takes of this workflow node ("Takes from" of the export dialog). */
  workflowNodeId?: string;
}

/** Where the cut finds its takes' files, and their lengths when a take was stored without one. */
export interface CutFiles {
  storage: Storage;
  publicUrl: string;
}

async function media(files: CutFiles, take: ShotTake | undefined): Promise<CutMedia | null> {
  const output = take?.generation.output;
  if (!take || !output) return null;
  let seconds = output.seconds ?? null;
  const key = storedFileKey(files.publicUrl, output.url);
  // Takes kept before their length was stored: read it from the file's header (a few range requests).
  if (seconds === null && output.type !== 'image' && key) {
    const info = await files.storage.head(key);
    seconds = info ? await headerDurationSeconds(files.storage, key, info.size) : null;
  }
  return {
    generation_id: take.generation.id,
    kind: output.type,
    url: output.url,
    display_image: output.display_image,
    seconds,
  };
}

/**
 * The cut of the movie (or of one scene): every shot in scene and shot order with the take the export
 * would choose for it, picture and sound, and how long it plays. A shot without a take is in it too:
 * the player shows it as a slate.
 */
export async function movieCut(
  db: Database,
  files: CutFiles,
  movie: MovieRow,
  options: CutOptions = {},
): Promise<Cut> {
  const rows = await db
    .select({ shot: shots, scene: scenes })
    .from(shots)
    .innerJoin(scenes, eq(scenes.id, shots.sceneId))
    .where(and(eq(shots.movieId, movie.id), options.sceneId ? eq(shots.sceneId, options.sceneId) : undefined))
    .orderBy(asc(scenes.index), asc(scenes.id), asc(shots.index), asc(shots.id));
  const takes = await listShotTakes(db, movie.id, { workflowNodeId: options.workflowNodeId });
  const chosen = new Map(chooseShotTakes(takes).map((c) => [c.shotId, c]));
  const cutShots: CutShot[] = [];
  for (const { shot, scene } of rows) {
    const take = chosen.get(shot.id);
    const entry = {
      shot_id: shot.id,
      scene_id: scene.id,
      scene_number: scene.index + 1,
      shot_number: shot.index + 1,
      description: shot.description,
      dialogue: textField(shot.fields, 'dialogue'),
      duration: shot.durationSeconds,
      picture: await media(files, take?.picture),
      sound: await media(files, take?.sound),
    };
    cutShots.push({ ...entry, seconds: shotSeconds(entry, movie.stillDuration) });
  }
  return {
    movie_id: movie.id,
    still_seconds: movie.stillDuration,
    shots: cutShots,
    seconds: cutShots.reduce((sum, shot) => sum + shot.seconds, 0),
  };
}
