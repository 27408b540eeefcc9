import { DOWNLOAD_MESSAGES, type ExportFormat, type ExportFrameRate } from '@cinegraph/contracts';
import {
  buildTimeline,
  FRAME_RATES,
  TIMELINE_FORMATS,
  type ShotEntry,
  type TakeMedia,
} from '@cinegraph/timeline';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import type { MovieRow } from '../movies/access';
import { chooseShotTakes, type ChosenShot } from './chosen-takes';
import { headerDurationSeconds, mediaDurationSeconds } from './media-duration';
import { listShotTakes } from './movie-takes';
import { takeFiles, type TakeFile } from './take-files';
import { safeFileName } from './take-names';
import type { ZipEntry } from './zip-stream';

export interface MovieExportOptions {
  format: ExportFormat;
  frameRate: ExportFrameRate;
  width: number;
  height: number;
  stillSeconds: number;
  workflowNodeId?: string;
}

/** The movie title as a file name. */
export function movieFileName(title: string): string {
  return safeFileName(title, 80, 'movie');
}

async function takeMedia(storage: Storage, file: TakeFile): Promise<TakeMedia> {
  const kind = file.take.generation.output?.type ?? 'image';
  const path = `media/${file.name}`;
  if (kind === 'image') return { path, kind };
  const seconds =
    (await mediaDurationSeconds(storage, file.key)) ??
    file.take.generation.output?.seconds ??
    (await headerDurationSeconds(storage, file.key, file.size));
  return { path, kind, seconds: seconds ?? undefined };
}

/**
 * The takes the export of the movie holds (per shot, its chosen picture and sound) and their stored
 * files; 404 when no shot has one. Database and storage lookups only: the dialog's link asks this
 * before the browser fetches the zip, which then does the real work once.
 */
export async function movieExportTakes(
  db: Database,
  storage: Storage,
  publicUrl: string,
  movieId: string,
  workflowNodeId: string | undefined,
): Promise<{ chosen: ChosenShot[]; files: TakeFile[] }> {
  const takes = await listShotTakes(db, movieId, { workflowNodeId });
  const chosen = chooseShotTakes(takes);
  const chosenTakes = chosen.flatMap((shot) =>
    [shot.picture, shot.sound].filter((take) => take !== undefined),
  );
  const files = await takeFiles(storage, publicUrl, chosenTakes);
  if (files.length === 0) throw notFound(DOWNLOAD_MESSAGES.noExportTakes);
  return { chosen, files };
}

/**
 * The movie as a timeline plus its media, ready to zip: the chosen take of every shot (picture and
 * sound) in scene and shot order, the timeline file written in the asked format with paths relative
 * to it (`media/...`). Video and audio lengths come from ffprobe; without it from the length stored
 * with the take (its container header, read when the worker's file was kept), else from that header
 * read now over range requests (takes kept before); a file whose header says nothing lasts as a still.
 */
export async function movieExportEntries(
  db: Database,
  storage: Storage,
  publicUrl: string,
  movie: MovieRow,
  options: MovieExportOptions,
): Promise<ZipEntry[]> {
  const { chosen, files } = await movieExportTakes(db, storage, publicUrl, movie.id, options.workflowNodeId);
  const fileOf = new Map(files.map((file) => [file.take.generation.id, file]));

  const shots: ShotEntry[] = [];
  for (const { picture, sound } of chosen) {
    const pictureFile = picture && fileOf.get(picture.generation.id);
    const soundFile = sound && fileOf.get(sound.generation.id);
    const take = pictureFile ?? soundFile;
    if (!take) continue;
    const { scene, shot } = take.take;
    shots.push({
      name: `${scene.index + 1}-${shot.index + 1} ${shot.description}`.trim().slice(0, 120),
      description: shot.description,
      picture: pictureFile && (await takeMedia(storage, pictureFile)),
      sound: soundFile && (await takeMedia(storage, soundFile)),
    });
  }
  const timeline = buildTimeline(shots, {
    name: movie.title,
    rate: FRAME_RATES[options.frameRate],
    width: options.width,
    height: options.height,
    stillSeconds: options.stillSeconds,
  });
  const format = TIMELINE_FORMATS[options.format];
  return [
    { name: `${movieFileName(movie.title)}.${format.extension}`, bytes: Buffer.from(format.write(timeline)) },
    ...files.map((file) => ({ name: `media/${file.name}`, storageKey: file.key, size: file.size })),
  ];
}
