import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sharedWorkflows, workflowVotes } from '../../db/schema';
import type { SharedWorkflowRow } from './shared-workflows';

export interface SharedWorkflowListing {
  row: SharedWorkflowRow;
  likes: string[];
  dislikes: string[];
}

export interface SharedWorkflowFilter {
  search?: string;
  limit: number;
  skip: number;
  sortBy: 'likes' | 'created_at';
  sortOrder: 'asc' | 'desc';
  ownerId?: string;
  /** Just this workflow (to present one with its votes). */
  onlyId?: string;
}

const likeCount = sql<number>`(select count(*) from ${workflowVotes} where ${workflowVotes.workflowId} = ${sharedWorkflows.id} and ${workflowVotes.action} = 'like')`;

/** A page of shared workflows with their voters; `has_more` when a further page exists. */
export async function listSharedWorkflows(
  db: Database,
  filter: SharedWorkflowFilter,
): Promise<{ items: SharedWorkflowListing[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (filter.ownerId) where.push(eq(sharedWorkflows.userId, filter.ownerId));
  if (filter.onlyId) where.push(eq(sharedWorkflows.id, filter.onlyId));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(sharedWorkflows.title, pattern), ilike(sharedWorkflows.description, pattern))!);
  }
  const direction = filter.sortOrder === 'asc' ? asc : desc;
  const primary = filter.sortBy === 'likes' ? direction(likeCount) : direction(sharedWorkflows.createdAt);
  // One row more than asked tells whether another page exists.
  const rows = await db
    .select()
    .from(sharedWorkflows)
    .where(where.length ? and(...where) : undefined)
    .orderBy(primary, desc(sharedWorkflows.createdAt), asc(sharedWorkflows.id))
    .limit(filter.limit + 1)
    .offset(filter.skip);
  const page = rows.slice(0, filter.limit);
  const votes = page.length
    ? await db
        .select()
        .from(workflowVotes)
        .where(
          inArray(
            workflowVotes.workflowId,
            page.map((r) => r.id),
          ),
        )
        .orderBy(asc(workflowVotes.createdAt))
    : [];
  const voters = (id: string, action: 'like' | 'dislike') =>
    votes.filter((v) => v.workflowId === id && v.action === action).map((v) => v.userId);
  return {
    items: page.map((row) => ({ row, likes: voters(row.id, 'like'), dislikes: voters(row.id, 'dislike') })),
    hasMore: rows.length > filter.limit,
  };
}
