import { GENERATION_MESSAGES, generatingNodeLevel, type ShotValidation } from '@cinegraph/contracts';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { generations, scenes, shots } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { publishGenerationsById } from '../../engine/generation-events';
import { loadInputTakes, loadMovieGraph, shotContext } from '../../engine/movie-graph';
import { missingShotInputs } from '../../engine/resolve-inputs';
import { resolveWithPlanner } from '../../engine/resolve-with-planner';
import { sourcesOf } from '../../engine/shot-graph';
import { workflowNodeClasses } from '../../engine/workflow-classes';
import type { Storage } from '../../storage/storage';
import type { Planner } from '../../llm/planner';
import { assertInputFilesReadable } from '../assets/readable-inputs';
import { requireMovieNode, type NodeRow } from '../editor/node-rows';
import { placeJobsWithinTier, type TierLimitTable } from '../users/tier-limits';

/** A workflow node that has a workflow to run (400 with a clear detail otherwise). */
export function assertRunnable(node: NodeRow): void {
  if (node.type !== 'workflow') throw badRequest(GENERATION_MESSAGES.notWorkflowNode);
  if (!node.workflowApiLink && !node.workflowLink) throw badRequest(GENERATION_MESSAGES.noWorkflow);
}

/**
 * Queues `numJobs` generations per shot, each `pending` with the inputs resolved for its shot now, so
 * a take can always be explained even after the graph changes. The prompt node's prompts are written
 * before the transaction (a language model may take seconds); the rows are all or nothing.
 */
export async function generateForShots(
  db: Database,
  planner: Planner,
  input: {
    movieId: string;
    nodeId: string;
    userId: string;
    shotIds: string[];
    numJobs: number;
    /** This deployment's address, to recognise its stored files among the inputs. */
    publicUrl: string;
    /** Where the node's workflow file is read for the node classes its jobs need. */
    storage: Storage;
    tierLimits: TierLimitTable;
  },
  onPlannerFallback?: (message: string) => void,
): Promise<string[]> {
  const node = await requireMovieNode(db, input.movieId, input.nodeId);
  assertRunnable(node);
  const shotIds = [...new Set(input.shotIds)];
  const rows = await db
    .select()
    .from(shots)
    .where(and(eq(shots.movieId, input.movieId), inArray(shots.id, shotIds)));
  if (rows.length !== shotIds.length) throw badRequest(GENERATION_MESSAGES.shotsOutsideMovie);

  const graph = await loadMovieGraph(db, input.movieId);
  const takes = await loadInputTakes(db, shotIds);
  const level = generatingNodeLevel(sourcesOf(graph, node.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const resolved = await resolveWithPlanner(
    shotIds.map((shotId) => shotContext(graph, byId.get(shotId)!, takes.get(shotId))),
    node.id,
    planner,
    onPlannerFallback,
  );
  await assertInputFilesReadable(db, input.publicUrl, input.userId, resolved);
  const inputsOf = new Map(shotIds.map((shotId, i) => [shotId, resolved[i]!]));
  const requiredClasses = await workflowNodeClasses(input.storage, input.publicUrl, node);
  return db.transaction(async (tx) => {
    const { ownWorkersOnly } = await placeJobsWithinTier(
      tx,
      input.tierLimits,
      input.userId,
      shotIds.length * input.numJobs,
    );
    const existing = await tx
      .select({ shotId: generations.shotId, n: count() })
      .from(generations)
      .where(and(eq(generations.workflowNodeId, node.id), inArray(generations.shotId, shotIds)))
      .groupBy(generations.shotId);
    const taken = new Map(existing.map((e) => [e.shotId, e.n]));
    const values = shotIds.flatMap((shotId) => {
      const shot = byId.get(shotId)!;
      const workflowInputs = inputsOf.get(shotId)!;
      return Array.from({ length: input.numJobs }, (_, i) => ({
        movieId: input.movieId,
        workflowNodeId: node.id,
        shotId,
        sceneId: shot.sceneId,
        userId: input.userId,
        level,
        workflowInputs,
        ownWorkersOnly,
        requiredClasses,
        index: (taken.get(shotId) ?? 0) + i,
      }));
    });
    const inserted = await tx.insert(generations).values(values).returning({ id: generations.id });
    await publishGenerationsById(
      tx,
      inserted.map((r) => r.id),
      'status',
    );
    return inserted.map((r) => r.id);
  });
}

/** Every shot of the movie, in storyboard order, with whether the node's inputs resolve for it and, if not, which. */
export async function validateShotInputs(
  db: Database,
  movieId: string,
  nodeId: string,
): Promise<ShotValidation[]> {
  const node = await requireMovieNode(db, movieId, nodeId);
  const graph = await loadMovieGraph(db, movieId);
  const rows = await db
    .select({ shot: shots })
    .from(shots)
    .innerJoin(scenes, eq(scenes.id, shots.sceneId))
    .where(eq(shots.movieId, movieId))
    .orderBy(asc(scenes.index), asc(scenes.id), asc(shots.index), asc(shots.id));
  const takes = await loadInputTakes(
    db,
    rows.map((r) => r.shot.id),
  );
  return rows.map(({ shot }) => {
    const missing =
      node.type === 'workflow'
        ? missingShotInputs(shotContext(graph, shot, takes.get(shot.id)), node.id)
        : [];
    return {
      scene_id: shot.sceneId,
      shot_id: shot.id,
      valid: node.type === 'workflow' && missing.length === 0,
      index: shot.index,
      description: shot.description,
      missing,
    };
  });
}
