import { Id, type MovieInput } from '@cinegraph/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { nodes } from '../../db/schema';
import type { Db } from './node-rows';

/**
 * The editor's save writes the movie's inputs; each value also becomes the value of the movie-level
 * input node it names. Inputs naming no node of this movie are left alone.
 */
export async function applyMovieInputs(
  tx: Db,
  movieId: string,
  inputs: readonly MovieInput[],
): Promise<void> {
  for (const input of inputs) {
    if (input.value === undefined || !Id.safeParse(input.node_id).success) continue;
    await tx
      .update(nodes)
      .set({ value: input.value, updatedAt: sql`now()` })
      .where(
        and(
          eq(nodes.id, input.node_id),
          eq(nodes.movieId, movieId),
          eq(nodes.type, 'primitive'),
          eq(nodes.level, 'movie'),
        ),
      );
  }
}
