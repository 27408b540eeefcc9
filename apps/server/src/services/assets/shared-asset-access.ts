import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  characters,
  descriptions,
  generations,
  movieMembers,
  movies,
  nodes,
  scenes,
  shots,
} from '../../db/schema';

/**
 * Whether `readerId` shares a movie with the asset's owner in which the asset is used: in a node's
 * value, the movie's, a scene's, shot's or character's inputs, a description's image, or a
 * generation's inputs or output. The owner must be a member too, so nobody gains access to someone
 * else's file by pasting its address into a movie of their own. One query; the asset is matched by
 * its folder (the file and its display copy alike), as a raw key or URL-encoded in a stored address.
 */
export async function sharesAssetInMovie(
  db: Database,
  readerId: string,
  ownerId: string,
  assetFolder: string,
): Promise<boolean> {
  const encoded = encodeURIComponent(assetFolder);
  const mentions = (text: SQL) =>
    sql`(position(${assetFolder} in ${text}) > 0 or position(${encoded} in ${text}) > 0)`;
  const owner = alias(movieMembers, 'owner_member');
  const movieId = movieMembers.movieId;
  const used = (table: typeof nodes | typeof generations | typeof descriptions, condition: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(and(eq(table.movieId, movieId), condition)),
    );
  const usedByItem = (table: typeof scenes | typeof shots | typeof characters) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(table)
        .where(
          and(
            eq(table.movieId, movieId),
            mentions(sql`${table.inputs}::text || coalesce(${table.displayImage}, '')`),
          ),
        ),
    );
  const [row] = await db
    .select({ movieId })
    .from(movieMembers)
    .innerJoin(owner, and(eq(owner.movieId, movieId), eq(owner.userId, ownerId)))
    .where(
      and(
        eq(movieMembers.userId, readerId),
        or(
          used(nodes, mentions(sql`coalesce(${nodes.value}::text, '')`)),
          exists(
            db
              .select({ one: sql`1` })
              .from(movies)
              .where(and(eq(movies.id, movieId), mentions(sql`${movies.inputs}::text`))),
          ),
          usedByItem(scenes),
          usedByItem(shots),
          usedByItem(characters),
          used(descriptions, mentions(sql`coalesce(${descriptions.imageUrl}, '')`)),
          used(
            generations,
            mentions(sql`${generations.workflowInputs}::text || coalesce(${generations.output}::text, '')`),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
