import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, nodes, shots } from '../../db/schema';
import { notFound } from '../../http/errors';
import { GENERATION_MESSAGES } from '@cinegraph/contracts';
import { requireMovieMember } from '../movies/access';
import { NODE_NOT_FOUND, type NodeRow } from '../editor/node-rows';

export type GenerationRow = typeof generations.$inferSelect;

/** A node of one of the user's movies (404 when missing, 403 when the movie is not theirs). */
export async function requireNodeOfMember(db: Database, nodeId: string, userId: string): Promise<NodeRow> {
  const [node] = await db.select().from(nodes).where(eq(nodes.id, nodeId));
  if (!node) throw notFound(NODE_NOT_FOUND);
  await requireMovieMember(db, node.movieId, userId);
  return node;
}

/** A generation of one of the user's movies. */
export async function requireGenerationOfMember(
  db: Database,
  id: string,
  userId: string,
): Promise<GenerationRow> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id));
  if (!row) throw notFound(GENERATION_MESSAGES.generationNotFound);
  await requireMovieMember(db, row.movieId, userId);
  return row;
}

/** A shot of one of the user's movies. */
export async function requireShotOfMember(db: Database, shotId: string, userId: string) {
  const [shot] = await db.select().from(shots).where(eq(shots.id, shotId));
  if (!shot) throw notFound('Shot not found');
  await requireMovieMember(db, shot.movieId, userId);
  return shot;
}
