import {
  SCRIPT_MESSAGES,
  type ImportResult,
  type ScriptPreview,
  type TemplateKey,
} from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { characters, movies, scenes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireMovieMember, type MovieRow } from '../movies/access';
import { createBlankMovie, createMovieFromSource, UNTITLED_MOVIE } from '../movies/movies';
import { breakDown } from './breakdown';
import { planImport, type ExistingStoryboard } from './merge-plan';
import { readStoryboard } from './movie-storyboard';
import { readScript, type ScriptInput } from './read-script';
import { writePlan } from './write-plan';

const NEW_MOVIE: ExistingStoryboard = { title: UNTITLED_MOVIE, untitled: true, scenes: [], characters: [] };

/** What importing the script into the movie would do; writes nothing. */
export async function previewScript(
  db: Database,
  movieId: string,
  userId: string,
  input: ScriptInput,
): Promise<ScriptPreview> {
  const movie = await requireMovieMember(db, movieId, userId);
  const breakdown = breakDown(readScript(input));
  return planImport(breakdown, await readStoryboard(db, movie)).preview;
}

/** What a new movie made from the script would hold; writes nothing. */
export function previewNewMovieScript(input: ScriptInput): ScriptPreview {
  return planImport(breakDown(readScript(input)), NEW_MOVIE).preview;
}

/**
 * Applies the previewed import in one transaction: the movie is locked, the plan made again from the
 * script and the movie as it is now, and refused (409) unless it is the plan the user saw; only items the
 * script no longer holds can be removed, and only those named.
 */
export async function applyScript(
  db: Database,
  movieId: string,
  userId: string,
  input: ScriptInput & { fingerprint: string; remove: string[] },
): Promise<ImportResult> {
  await requireMovieMember(db, movieId, userId);
  const breakdown = breakDown(readScript(input));
  return db.transaction(async (tx) => {
    const [movie] = await tx.select().from(movies).where(eq(movies.id, movieId)).for('update');
    if (!movie) throw notFound('Movie not found');
    const storyboard = await readStoryboard(tx, movie);
    const plan = planImport(breakdown, storyboard);
    if (plan.preview.fingerprint !== input.fingerprint) throw conflict(SCRIPT_MESSAGES.stale);
    const removable = new Set(plan.preview.removable.map((item) => item.id));
    if (input.remove.some((id) => !removable.has(id))) throw badRequest(SCRIPT_MESSAGES.notRemovable);
    const counts = await writePlan(tx, movieId, storyboard, plan, new Set(input.remove));
    return { movie_id: movieId, ...counts };
  });
}

/**
 * A new movie holding the script, in one transaction: a template's graph without its sample scenes and
 * characters (so its inputs fill the new shots), or a blank movie; titled by the script when it has a title.
 */
export async function importNewMovieScript(
  db: Database,
  userId: string,
  input: ScriptInput & { template: TemplateKey | null },
): Promise<MovieRow> {
  const breakdown = breakDown(readScript(input));
  return db.transaction(async (tx) => {
    const movie = input.template
      ? await createMovieFromSource(tx, userId, await templateId(tx, input.template))
      : await createBlankMovie(tx, userId);
    await tx.delete(scenes).where(eq(scenes.movieId, movie.id));
    await tx.delete(characters).where(eq(characters.movieId, movie.id));
    const plan = planImport(breakdown, NEW_MOVIE);
    await writePlan(tx, movie.id, NEW_MOVIE, plan, new Set());
    const [row] = await tx.select().from(movies).where(eq(movies.id, movie.id));
    return row!;
  });
}

async function templateId(db: Database, key: TemplateKey): Promise<string> {
  const [template] = await db.select({ id: movies.id }).from(movies).where(eq(movies.templateKey, key));
  if (!template) throw notFound('Template not found');
  return template.id;
}
