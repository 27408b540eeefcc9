import { DOWNLOAD_MESSAGES, type ExportFormat, type ExportFrameRate } from '@cinegraph/contracts';
import {
  buildTimeline,
  cutText,
  FRAME_RATES,
  TIMELINE_FORMATS,
  type ShotEntry,
  type TakeMedia,
} from '@cinegraph/timeline';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import type { MovieRow } from '../movies/access';
import { describeMedia } from './media-facts';
import { shotListRows, shotTexts, type ShotListRow } from './shot-rows';
import type { TakeFile } from './take-files';
import { safeFileName, type NameOptions } from './take-names';
import type { ZipEntry } from './zip-stream';

export interface MovieExportOptions {
  format: ExportFormat;
  frameRate: ExportFrameRate;
  width: number;
  height: number;
  /** How long a still or a slate (a shot without a take) holds when its shot says nothing. */
  stillSeconds: number;
  workflowNodeId?: string;
}

/** How many takes are probed at once. */
const PROBES_AT_ONCE = 4;

/** The longest clip name written: editors show a line of it. */
const MAX_CLIP_NAME = 120;

/** The movie title as a file name (in ASCII inside the export's zip, as its media). */
export function movieFileName(title: string, options: NameOptions = {}): string {
  return safeFileName(title, 80, 'movie', options);
}

/** The takes of a movie's shots as the export zips them (named in ASCII: see README); 404 when there are none. */
async function exportRows(
  db: Database,
  storage: Storage,
  publicUrl: string,
  movieId: string,
  options: { stillSeconds: number; workflowNodeId?: string },
): Promise<{ rows: ShotListRow[]; files: TakeFile[] }> {
  // ASCII names: CMX 3600 is ASCII, and every reader then finds the same bytes (no Unicode normalization
  // between a zip tool, macOS and the timeline's URLs to disagree on).
  const rows = await shotListRows(db, storage, publicUrl, movieId, { ...options, ascii: true });
  const files = rows.flatMap((row) => [row.picture, row.sound].filter((file) => file !== null));
  if (files.length === 0) throw notFound(DOWNLOAD_MESSAGES.noExportTakes);
  return { rows, files };
}

/**
 * How many takes the export of the movie holds; 404 when no shot has one. Database and storage
 * lookups only: the dialog's link asks this before the browser fetches the zip, which then does the
 * real work once.
 */
export async function movieExportCount(
  db: Database,
  storage: Storage,
  publicUrl: string,
  movie: MovieRow,
  workflowNodeId: string | undefined,
): Promise<number> {
  const options = { stillSeconds: movie.stillDuration, workflowNodeId };
  return (await exportRows(db, storage, publicUrl, movie.id, options)).files.length;
}

async function takeMedia(storage: Storage, file: TakeFile): Promise<TakeMedia> {
  const { output } = file.take.generation;
  const kind = output?.type ?? 'image';
  const facts = await describeMedia(storage, {
    key: file.key,
    size: file.size,
    kind,
    storedSeconds: output?.seconds,
  });
  const { scene, shot, generation } = file.take;
  const slate = { scene: `${scene.index + 1}-${shot.index + 1}`, take: String(generation.index + 1) };
  return {
    path: `media/${file.name}`,
    kind,
    ...facts,
    slate: { ...slate, angle: shotTexts(shot).cameraAngle },
  };
}

/**
 * The movie as a timeline plus its media, ready to zip: every shot in scene and shot order with its
 * chosen picture and sound takes, described as their files are (see describeMedia), a shot without a
 * take as a slate of the still duration; the timeline file written in the asked format with paths
 * relative to it (`media/...`).
 */
export async function movieExportEntries(
  db: Database,
  storage: Storage,
  publicUrl: string,
  movie: MovieRow,
  options: MovieExportOptions,
): Promise<ZipEntry[]> {
  const { stillSeconds, workflowNodeId } = options;
  const { rows, files } = await exportRows(db, storage, publicUrl, movie.id, {
    stillSeconds,
    workflowNodeId,
  });
  // Files are probed a few at a time: each probe waits mostly on storage and ffprobe's start.
  const described = new Map<TakeFile, TakeMedia>();
  const queue = [...files];
  const probe = async () => {
    for (let file = queue.shift(); file; file = queue.shift())
      described.set(file, await takeMedia(storage, file));
  };
  await Promise.all(Array.from({ length: PROBES_AT_ONCE }, probe));
  const shots: ShotEntry[] = rows.map((row) => ({
    name: cutText(`${row.scene}-${row.shot} ${row.description}`.trim(), MAX_CLIP_NAME),
    description: row.description,
    // How long a still or a slate holds: the shot's duration, else the export's still duration.
    seconds: row.seconds,
    picture: row.picture ? described.get(row.picture) : undefined,
    sound: row.sound ? described.get(row.sound) : undefined,
  }));
  const timeline = buildTimeline(shots, {
    name: movie.title,
    rate: FRAME_RATES[options.frameRate],
    width: options.width,
    height: options.height,
    stillSeconds: options.stillSeconds,
  });
  const format = TIMELINE_FORMATS[options.format];
  const timelineFile = `${movieFileName(movie.title, { ascii: true })}.${format.extension}`;
  return [
    { name: timelineFile, bytes: Buffer.from(format.write(timeline)) },
    ...files.map((file) => ({ name: `media/${file.name}`, storageKey: file.key, size: file.size })),
  ];
}
