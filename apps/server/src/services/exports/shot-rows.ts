import { shotSeconds } from '@cinegraph/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scenes, shots } from '../../db/schema';
import { presentShot } from '../../presenters/storyboard';
import type { Storage } from '../../storage/storage';
import { chooseShotTakes } from './chosen-takes';
import { listShotTakes, type ShotTake } from './movie-takes';
import { takeFiles, type TakeFile } from './take-files';

/** One line of the shot list and one row of the printable storyboard. */
export interface ShotListRow {
  scene: number;
  sceneTitle: string;
  shot: number;
  description: string;
  dialogue: string;
  cameraAngle: string;
  /** How long the shot plays in the cut: its duration, else its take's length, else a still's. */
  seconds: number;
  /** The shot's chosen picture take (else its sound take), named as in a download. */
  take: TakeFile | null;
}

/** Every shot of the movie in scene and shot order, with the take an export would choose for it. */
export async function shotListRows(
  db: Database,
  storage: Storage,
  publicUrl: string,
  movieId: string,
  stillSeconds: number,
): Promise<ShotListRow[]> {
  const rows = await db
    .select({ shot: shots, scene: scenes })
    .from(shots)
    .innerJoin(scenes, eq(scenes.id, shots.sceneId))
    .where(eq(shots.movieId, movieId))
    .orderBy(asc(scenes.index), asc(scenes.id), asc(shots.index), asc(shots.id));
  const chosen = chooseShotTakes(await listShotTakes(db, movieId));
  const shotTakes = chosen.flatMap((c) => {
    const take = c.picture ?? c.sound;
    return take ? [take] : [];
  });
  const files = await takeFiles(storage, publicUrl, shotTakes);
  const fileByShot = new Map(files.map((file) => [file.take.shot.id, file]));
  const chosenByShot = new Map(chosen.map((c) => [c.shotId, c]));
  const lengthOf = (take: ShotTake | undefined) =>
    take?.generation.output
      ? { kind: take.generation.output.type, seconds: take.generation.output.seconds ?? null }
      : null;
  return rows.map(({ shot, scene }) => {
    const presented = presentShot(shot);
    return {
      scene: scene.index + 1,
      sceneTitle: scene.title,
      shot: shot.index + 1,
      description: presented.description,
      dialogue: presented.dialogue,
      cameraAngle: presented.camera_angle,
      seconds: shotSeconds(
        {
          duration: shot.durationSeconds,
          picture: lengthOf(chosenByShot.get(shot.id)?.picture),
          sound: lengthOf(chosenByShot.get(shot.id)?.sound),
        },
        stillSeconds,
      ),
      take: fileByShot.get(shot.id) ?? null,
    };
  });
}
