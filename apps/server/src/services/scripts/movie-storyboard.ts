import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { characters, generations, scenes, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import type { MovieRow } from '../movies/access';
import { UNTITLED_MOVIE } from '../movies/movies';
import { textField } from '../storyboard/item-changes';
import type { ExistingStoryboard } from './merge-plan';

/** The movie's scenes with their shots, its characters and how many takes each shot has, in order. */
export async function readStoryboard(tx: Db, movie: MovieRow): Promise<ExistingStoryboard> {
  const [sceneRows, shotRows, characterRows, shotTakes, sceneTakes] = await Promise.all([
    tx
      .select()
      .from(scenes)
      .where(eq(scenes.movieId, movie.id))
      .orderBy(asc(scenes.index), asc(scenes.createdAt), asc(scenes.id)),
    tx
      .select()
      .from(shots)
      .where(eq(shots.movieId, movie.id))
      .orderBy(asc(shots.index), asc(shots.createdAt), asc(shots.id)),
    tx
      .select({ id: characters.id, name: characters.name })
      .from(characters)
      .where(eq(characters.movieId, movie.id))
      .orderBy(asc(characters.index), asc(characters.createdAt), asc(characters.id)),
    tx
      .select({ id: generations.shotId, takes: count() })
      .from(generations)
      .where(and(eq(generations.movieId, movie.id), isNotNull(generations.shotId)))
      .groupBy(generations.shotId),
    tx
      .select({ id: generations.sceneId, takes: count() })
      .from(generations)
      .where(
        and(eq(generations.movieId, movie.id), isNull(generations.shotId), isNotNull(generations.sceneId)),
      )
      .groupBy(generations.sceneId),
  ]);
  const takes = new Map([...shotTakes, ...sceneTakes].map((row) => [row.id, Number(row.takes)]));
  return {
    title: movie.title,
    untitled: movie.title.trim() === '' || movie.title === UNTITLED_MOVIE,
    scenes: sceneRows.map((scene) => ({
      id: scene.id,
      title: scene.title,
      location: textField(scene.fields, 'location'),
      description: textField(scene.fields, 'description'),
      sceneTakes: takes.get(scene.id) ?? 0,
      shots: shotRows
        .filter((shot) => shot.sceneId === scene.id)
        .map((shot) => ({
          id: shot.id,
          description: shot.description,
          dialogue: textField(shot.fields, 'dialogue'),
          camera_angle: textField(shot.fields, 'camera_angle'),
          takes: takes.get(shot.id) ?? 0,
        })),
    })),
    characters: characterRows,
  };
}
