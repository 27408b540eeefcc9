import type { GraphNodeLike } from '@cinegraph/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { connections, nodes } from '../../db/schema';
import { notFound } from '../../http/errors';

export type NodeRow = typeof nodes.$inferSelect;
export type NewNodeRow = typeof nodes.$inferInsert;
export type ConnectionRow = typeof connections.$inferSelect;
/** A transaction or the database itself: services compose inside one transaction. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export const NODE_NOT_FOUND = 'Node not found in this movie';

/** The shape the contracts' graph rules work on. */
export function toGraphNode(row: NodeRow): GraphNodeLike {
  return {
    id: row.id,
    type: row.type,
    level: row.level,
    input_handles: row.inputHandles,
    output_handles: row.outputHandles,
  };
}

/** A node of the movie (404 when it does not exist or belongs to another movie). */
export async function requireMovieNode(db: Db, movieId: string, nodeId: string): Promise<NodeRow> {
  const [row] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.id, nodeId), eq(nodes.movieId, movieId)));
  if (!row) throw notFound(NODE_NOT_FOUND);
  return row;
}

/** PostgreSQL's unique_violation, also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
