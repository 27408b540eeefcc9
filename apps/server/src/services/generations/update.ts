import type { GenerationUpdate } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations } from '../../db/schema';
import { generationEventColumns, publishGenerationEvents } from '../../engine/generation-events';
import { badRequest } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { STORED_FILE_PATH } from '../assets/stored-files';
import type { GenerationRow } from './access';
import { cancelGeneration } from './cancel';
import { refreshShotDisplayImage } from './display-images';

/**
 * The start of every key of a generation's files: `<id>-<name>` side by side in the movie's one folder of
 * takes, not a folder of their own. On local storage a folder per take was a directory created for each
 * take, as much kernel time as its file (a new inode each). Takes stored before keep their folder
 * (`<id>/<name>`); `generationFilesPrefix` covers both.
 */
export function generationStoragePrefix(movieId: string, id: string): string {
  return `${generationFilesPrefix(movieId, id)}-`;
}

/** Every file of a generation, in either layout: an id is never the start of another one. */
export function generationFilesPrefix(movieId: string, id: string): string {
  return `movies/${movieId}/generations/${id}`;
}

/**
 * The keys of a take's files as its row records them (its output and display image), only those
 * named after the take: a display image that is another file's is never the take's to delete.
 */
export function generationFileKeys(row: Pick<GenerationRow, 'id' | 'movieId' | 'output'>): string[] {
  const own = generationFilesPrefix(row.movieId, row.id);
  const keys = [row.output?.url, row.output?.display_image].map((address) => {
    // Read whatever host the address names: PUBLIC_URL may have changed since the take was stored.
    const url = address ? URL.parse(address, 'http://studio.invalid') : null;
    return url?.pathname === STORED_FILE_PATH ? url.searchParams.get('key') : null;
  });
  const named = (key: string | null): key is string =>
    !!key && key.startsWith(own) && /^[-/]./.test(key.slice(own.length));
  return [...new Set(keys.filter(named))];
}

/** Changes a generation's flags; only a successful take can be used as input (spec). */
export async function updateGeneration(
  db: Database,
  row: GenerationRow,
  changes: GenerationUpdate,
): Promise<GenerationRow> {
  if (changes.use_as_input === true && row.status !== 'success') {
    throw badRequest('Only a successful generation can be used as input.');
  }
  const [updated] = await db
    .update(generations)
    .set({
      ...(changes.use_as_input !== undefined && { useAsInput: changes.use_as_input }),
      ...(changes.hidden !== undefined && { hidden: changes.hidden }),
      ...(changes.new_output !== undefined && { newOutput: changes.new_output }),
      ...(changes.downloaded !== undefined && { downloaded: changes.downloaded }),
      updatedAt: new Date(),
    })
    .where(eq(generations.id, row.id))
    .returning();
  return updated ?? row;
}

/**
 * Deletes a generation: an unfinished one is cancelled on its worker first, then the row and files go
 * and its shot's tile moves on to the next newest take.
 */
export async function deleteGeneration(
  db: Database,
  storage: Storage,
  row: GenerationRow,
  allowPrivateUserWorkers: boolean,
): Promise<void> {
  await cancelGeneration(db, row.id, allowPrivateUserWorkers);
  const deleted = await db
    .delete(generations)
    .where(eq(generations.id, row.id))
    .returning(generationEventColumns);
  await publishGenerationEvents(db, deleted, 'deleted');
  if (row.shotId) await refreshShotDisplayImage(db, row.shotId);
  // By their recorded keys: the movie's folder of takes holds every take's files side by side, and
  // finding one take's there by its name prefix lists them all (a scan per take on local storage).
  await Promise.all(generationFileKeys(row).map((key) => storage.delete(key)));
  // A take stored before that layout keeps its own folder: listing it lists only its files.
  await storage.deletePrefix(`${generationFilesPrefix(row.movieId, row.id)}/`);
}
