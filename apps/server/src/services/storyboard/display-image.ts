import type { LatestDisplayImages, StoryboardLevel } from '@cinegraph/contracts';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { characters, scenes, shots } from '../../db/schema';
import { requireMovieMember } from '../movies/access';
import { requireCharacter } from './characters';
import { requireScene } from './scenes';
import { requireShot } from './shots';

/**
 * The picture of an item's tile. A shot's and a character's is their own display image (set from their
 * latest successful take); a scene without one of its own shows that of its first shot that has one.
 */
export async function latestDisplayImage(
  db: Database,
  level: StoryboardLevel,
  id: string,
  userId: string,
  movieId?: string,
): Promise<string | null> {
  if (level === 'shot') return (await requireShot(db, id, userId, movieId)).displayImage;
  if (level === 'character') return (await requireCharacter(db, id, userId, movieId)).displayImage;
  const scene = await requireScene(db, id, userId, movieId);
  if (scene.displayImage) return scene.displayImage;
  const [first] = await db
    .select({ displayImage: shots.displayImage })
    .from(shots)
    .where(and(eq(shots.sceneId, scene.id), isNotNull(shots.displayImage)))
    .orderBy(asc(shots.index), asc(shots.id))
    .limit(1);
  return first?.displayImage ?? null;
}

/**
 * `latestDisplayImage` of every item of one list, by id, in one read: the scenes or characters of a
 * movie, or the shots of a scene (`parentId`). The user must be a member of the movie.
 */
export async function latestListDisplayImages(
  db: Database,
  level: StoryboardLevel,
  parentId: string,
  userId: string,
): Promise<LatestDisplayImages> {
  let rows: { id: string; displayImage: string | null }[];
  if (level === 'shot') {
    await requireScene(db, parentId, userId);
    rows = await db
      .select({ id: shots.id, displayImage: shots.displayImage })
      .from(shots)
      .where(eq(shots.sceneId, parentId));
  } else if (level === 'character') {
    await requireMovieMember(db, parentId, userId);
    rows = await db
      .select({ id: characters.id, displayImage: characters.displayImage })
      .from(characters)
      .where(eq(characters.movieId, parentId));
  } else {
    await requireMovieMember(db, parentId, userId);
    // A scene without a picture of its own: its first shot that has one, as for one scene above.
    const firstShotImage = sql<string | null>`(
      select ${shots.displayImage} from ${shots}
      where ${shots.sceneId} = ${scenes.id} and ${shots.displayImage} is not null
      order by ${shots.index}, ${shots.id} limit 1)`;
    rows = await db
      .select({
        id: scenes.id,
        displayImage: sql<string | null>`coalesce(${scenes.displayImage}, ${firstShotImage})`,
      })
      .from(scenes)
      .where(eq(scenes.movieId, parentId));
  }
  return Object.fromEntries(rows.map((row) => [row.id, row.displayImage]));
}
