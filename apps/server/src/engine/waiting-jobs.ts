import { and, asc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { statementsOn } from '../db/raw-statements';
import { generations, workers } from '../db/schema';
import { groupMayRun, ownerMayRun, servingGroups } from './claim';
import { publishGenerationEvents } from './generation-events';
import { classSets, missingClasses } from './worker-classes';

/** The reason a pending take shows while no connected worker knows some of its node classes. */
export function waitingForClassesMessage(classNames: readonly string[]): string {
  return `Waiting for a worker with ${classNames.join(', ')}`;
}

/** Reasons given per pass; the oldest first, the rest at the next passes. */
const BATCH = 100;

/**
 * Gives pending jobs that no healthy worker can run a reason on their take ('Waiting for a worker with
 * SaveAudioAdvanced'), instead of failing them or handing them to a worker that would: they stay
 * pending and run once a worker that knows the classes connects (the claim clears the reason). Jobs
 * waiting only for a busy worker are not touched. Returns how many got a reason.
 */
export async function explainWaitingJobs(db: Database): Promise<number> {
  const healthy = await db
    .select({ id: workers.id, userId: workers.userId, nodeClassesDigest: workers.nodeClassesDigest })
    .from(workers)
    .where(eq(workers.healthy, true));
  const groups = servingGroups(healthy);
  // No worker at all is no missing class; a worker whose classes are unknown is taken to know them all.
  if (groups.length === 0 || groups.every((g) => g.classesOf === null)) return 0;
  const stuck = await db
    .select({
      id: generations.id,
      userId: generations.userId,
      ownWorkersOnly: generations.ownWorkersOnly,
      requiredClasses: generations.requiredClasses,
    })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'pending'),
        isNull(generations.warning),
        sql`cardinality(${generations.requiredClasses}) > 0`,
        or(...groups.map(ownerMayRun)),
        not(or(...groups.map(groupMayRun))!),
      ),
    )
    .orderBy(asc(generations.createdAt), asc(generations.id))
    .limit(BATCH);
  if (stuck.length === 0) return 0;
  const known = await classSets(
    statementsOn(db),
    healthy.map((w) => w.nodeClassesDigest),
  );
  const jobsByReason = new Map<string, string[]>();
  for (const job of stuck) {
    const lacks = healthy
      .filter((w) => (w.userId === null ? !job.ownWorkersOnly : w.userId === job.userId))
      .map((w) => {
        const classes = w.nodeClassesDigest === null ? null : known.get(w.nodeClassesDigest);
        return missingClasses(classes, job.requiredClasses);
      });
    // What the closest worker lacks.
    const fewest = lacks.reduce((a, b) => (b.length < a.length ? b : a));
    if (fewest.length === 0) continue;
    const reason = waitingForClassesMessage(fewest);
    jobsByReason.set(reason, [...(jobsByReason.get(reason) ?? []), job.id]);
  }
  let explained = 0;
  for (const [reason, ids] of jobsByReason) {
    const rows = await db
      .update(generations)
      .set({ warning: reason })
      .where(
        and(inArray(generations.id, ids), eq(generations.status, 'pending'), isNull(generations.warning)),
      )
      .returning();
    await publishGenerationEvents(db, rows, 'status');
    explained += rows.length;
  }
  return explained;
}
