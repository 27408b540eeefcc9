import type { StoryboardLevel } from '@cinegraph/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shots } from '../../db/schema';
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
