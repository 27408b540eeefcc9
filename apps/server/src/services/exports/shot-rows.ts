import { shotSeconds } from '@cinegraph/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scenes, shots } from '../../db/schema';
import { presentShot } from '../../presenters/storyboard';
import type { Storage } from '../../storage/storage';
import { chooseShotTakes } from './chosen-takes';
import { listShotTakes, type SceneRow, type ShotRow, type ShotTake } from './movie-takes';
import { takeFiles, type TakeFile } from './take-files';
import type { NameOptions } from './take-names';

/** One shot of the movie as everything that leaves the studio describes it: shot list, storyboard, timeline. */
export interface ShotListRow {
  scene: number;
  sceneTitle: string;
  shot: number;
  description: string;
  dialogue: string;
  cameraAngle: string;
  /** How long the shot plays in the cut: its duration, else its take's length, else a still's. */
  seconds: number;
  /** The shot's chosen picture take (image or video) and sound take, named as in the zip. */
  picture: TakeFile | null;
  sound: TakeFile | null;
}

export interface ShotRowsOptions extends NameOptions {
  /** The movie's still duration: how long a shot lasts when neither it nor its take says. */
  stillSeconds: number;
  /** "Takes from": only this workflow node's takes; every workflow's when unset. */
  workflowNodeId?: string;
}

/** An input of the shot named like the field ("Camera angle", "camera_angle"), for a field left empty. */
function inputText(shot: ShotRow, field: string): string {
  const wanted = field.replace(/_/g, ' ');
  const input = shot.inputs.find((i) => i.name.replace(/_/g, ' ').trim().toLowerCase() === wanted);
  return typeof input?.value === 'string' || typeof input?.value === 'number' ? String(input.value) : '';
}

/** A shot's texts as exports print them: its fields, else the shot's inputs of the same name. */
export function shotTexts(shot: ShotRow): { description: string; dialogue: string; cameraAngle: string } {
  const presented = presentShot(shot);
  return {
    description: presented.description,
    dialogue: presented.dialogue || inputText(shot, 'dialogue'),
    cameraAngle: presented.camera_angle || inputText(shot, 'camera_angle'),
  };
}

function presentRow(shot: ShotRow, scene: SceneRow) {
  return { scene: scene.index + 1, sceneTitle: scene.title, shot: shot.index + 1, ...shotTexts(shot) };
}

const lengthOf = (take: ShotTake | undefined) =>
  take?.generation.output
    ? { kind: take.generation.output.type, seconds: take.generation.output.seconds ?? null }
    : null;

/**
 * Every shot of the movie in scene and shot order with the takes an export chooses for it (per shot
 * its picture and its sound: the use-as-input take, else the newest success), so the shot list, the
 * storyboard and the timeline list the same takes. Takes whose file is not stored are left out.
 */
export async function shotListRows(
  db: Database,
  storage: Storage,
  publicUrl: string,
  movieId: string,
  options: ShotRowsOptions,
): Promise<ShotListRow[]> {
  const rows = await db
    .select({ shot: shots, scene: scenes })
    .from(shots)
    .innerJoin(scenes, eq(scenes.id, shots.sceneId))
    .where(eq(shots.movieId, movieId))
    .orderBy(asc(scenes.index), asc(scenes.id), asc(shots.index), asc(shots.id));
  const chosen = chooseShotTakes(await listShotTakes(db, movieId, options));
  const takes = chosen.flatMap((c) => [c.picture, c.sound].filter((take) => take !== undefined));
  const files = await takeFiles(storage, publicUrl, takes, options);
  const isSound = (file: TakeFile) => file.take.generation.output?.type === 'audio';
  const byShot = new Map(files.map((file) => [`${file.take.shot.id} ${isSound(file)}`, file]));
  const fileOf = (shotId: string, sound: boolean) => byShot.get(`${shotId} ${sound}`) ?? null;
  const chosenByShot = new Map(chosen.map((c) => [c.shotId, c]));
  return rows.map(({ shot, scene }) => {
    const { picture, sound } = chosenByShot.get(shot.id) ?? {};
    const lengths = { duration: shot.durationSeconds, picture: lengthOf(picture), sound: lengthOf(sound) };
    return {
      ...presentRow(shot, scene),
      seconds: shotSeconds(lengths, options.stillSeconds),
      picture: fileOf(shot.id, false),
      sound: fileOf(shot.id, true),
    };
  });
}
