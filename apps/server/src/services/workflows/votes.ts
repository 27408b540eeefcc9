import type { WorkflowVoteAction } from '@cinegraph/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workflowVotes } from '../../db/schema';
import { type Db } from '../editor/node-rows';
import { requireSharedWorkflow } from './shared-workflows';

export interface VoteResult {
  like_count: number;
  dislike_count: number;
  user_action: WorkflowVoteAction | null;
}

/**
 * Likes or dislikes a shared workflow. The same action again takes the vote back; the other action
 * switches it. One vote per user and workflow (the primary key), so double clicks cannot count twice.
 */
export async function voteOnWorkflow(
  db: Database,
  userId: string,
  workflowId: string,
  action: WorkflowVoteAction,
): Promise<VoteResult> {
  await requireSharedWorkflow(db, workflowId);
  return db.transaction(async (tx) => {
    const mine = and(eq(workflowVotes.workflowId, workflowId), eq(workflowVotes.userId, userId));
    const [existing] = await tx.select().from(workflowVotes).where(mine);
    let userAction: WorkflowVoteAction | null = action;
    if (existing?.action === action) {
      await tx.delete(workflowVotes).where(mine);
      userAction = null;
    } else {
      await tx
        .insert(workflowVotes)
        .values({ workflowId, userId, action })
        .onConflictDoUpdate({ target: [workflowVotes.workflowId, workflowVotes.userId], set: { action } });
    }
    return { ...(await voteCounts(tx, workflowId)), user_action: userAction };
  });
}

async function voteCounts(db: Db, workflowId: string) {
  const [row] = await db
    .select({
      likes: sql<number>`count(*) filter (where ${workflowVotes.action} = 'like')`.mapWith(Number),
      dislikes: sql<number>`count(*) filter (where ${workflowVotes.action} = 'dislike')`.mapWith(Number),
    })
    .from(workflowVotes)
    .where(eq(workflowVotes.workflowId, workflowId));
  return { like_count: row?.likes ?? 0, dislike_count: row?.dislikes ?? 0 };
}
