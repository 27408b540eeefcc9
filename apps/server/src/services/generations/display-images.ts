import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, shots } from '../../db/schema';
import type { Db } from '../editor/node-rows';
import type { MovieRow } from '../movies/access';

/** The display image of the newest successful take among those `where` selects, or null. */
async function newestTakeImage(db: Db, where: SQL | undefined): Promise<string | null> {
  const [row] = await db
    .select({ image: sql<string>`${generations.output}->>'display_image'` })
    .from(generations)
    .where(
      and(where, eq(generations.status, 'success'), sql`${generations.output}->>'display_image' IS NOT NULL`),
    )
    .orderBy(desc(generations.finishedAt), desc(generations.createdAt))
    .limit(1);
  return row?.image ?? null;
}

/** A movie card's picture: the movie's own display image, else its latest take's. */
export async function movieDisplayImage(db: Database, movie: MovieRow): Promise<string | null> {
  return movie.displayImage ?? newestTakeImage(db, eq(generations.movieId, movie.id));
}

/**
 * After a take is deleted its shot shows the next newest take (or nothing), never the deleted file.
 * Success sets the newest one directly (engine/run-job.ts).
 */
export async function refreshShotDisplayImage(db: Db, shotId: string): Promise<void> {
  const image = await newestTakeImage(db, eq(generations.shotId, shotId));
  await db.update(shots).set({ displayImage: image }).where(eq(shots.id, shotId));
}
