import { CURATED_LIMIT } from '@cinegraph/contracts';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, movies, users, type GenerationOutputColumn } from '../../db/schema';

export interface CuratedTake {
  id: string;
  movieId: string;
  output: GenerationOutputColumn;
  userName: string | null;
}

/**
 * Takes marked use-as-input (audio excluded) of movies whose members switched on sharing takes with
 * the community, newest first. Nothing of a movie without that consent is listed.
 */
export async function listCuratedTakes(db: Database): Promise<CuratedTake[]> {
  const rows = await db
    .select({
      id: generations.id,
      movieId: generations.movieId,
      output: generations.output,
      nickname: users.nickname,
    })
    .from(generations)
    .innerJoin(movies, eq(movies.id, generations.movieId))
    .leftJoin(users, eq(users.id, generations.userId))
    .where(
      and(
        eq(movies.shareTakesWithCommunity, true),
        eq(generations.useAsInput, true),
        eq(generations.status, 'success'),
        isNotNull(generations.output),
        sql`${generations.output}->>'type' <> 'audio'`,
      ),
    )
    .orderBy(desc(generations.updatedAt), desc(generations.id))
    .limit(CURATED_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    movieId: row.movieId,
    output: row.output!,
    userName: row.nickname?.trim() ? row.nickname : null,
  }));
}
