import { and, asc, eq, inArray } from 'drizzle-orm';
import { characters, generations, movies, scenes } from '../db/schema';
import type { Db } from '../services/editor/node-rows';
import { listConnections } from '../services/editor/connections';
import { listNodes } from '../services/editor/nodes';
import type { InputTake, ResolveNode, ShotContext } from './shot-graph';

/** What every shot of a movie shares when its inputs are resolved: graph, movie inputs, scenes, cast. */
export type MovieGraph = Omit<ShotContext, 'scene' | 'shot' | 'takes'> & {
  scenes: ReadonlyMap<string, { inputs: ShotContext['shot']['inputs'] }>;
};

export interface ShotRowLike {
  id: string;
  sceneId: string;
  description: string;
  inputs: ShotContext['shot']['inputs'];
}

/** Reads a movie's graph and storyboard once, for resolving many shots. */
export async function loadMovieGraph(db: Db, movieId: string): Promise<MovieGraph> {
  const [nodeRows, edgeRows, [movie], sceneRows, castRows] = await Promise.all([
    listNodes(db, movieId),
    listConnections(db, movieId),
    db.select({ inputs: movies.inputs }).from(movies).where(eq(movies.id, movieId)),
    db.select({ id: scenes.id, inputs: scenes.inputs }).from(scenes).where(eq(scenes.movieId, movieId)),
    db
      .select({ name: characters.name, inputs: characters.inputs })
      .from(characters)
      .where(eq(characters.movieId, movieId))
      .orderBy(asc(characters.index), asc(characters.id)),
  ]);
  const nodes = new Map<string, ResolveNode>(
    nodeRows.map((n) => [
      n.id,
      {
        id: n.id,
        name: n.name,
        type: n.type,
        level: n.level,
        value: n.value,
        utilityKind: n.utilityKind,
        inputHandles: n.inputHandles,
        outputHandles: n.outputHandles,
      },
    ]),
  );
  return {
    nodes,
    edges: edgeRows,
    movieInputs: movie?.inputs ?? [],
    scenes: new Map(sceneRows.map((s) => [s.id, { inputs: s.inputs }])),
    characters: castRows,
  };
}

/** Use-as-input takes of the given shots, by shot and then by the workflow node that made them. */
export async function loadInputTakes(
  db: Db,
  shotIds: readonly string[],
): Promise<Map<string, Map<string, InputTake[]>>> {
  const byShot = new Map<string, Map<string, InputTake[]>>();
  if (shotIds.length === 0) return byShot;
  const rows = await db
    .select({ shotId: generations.shotId, nodeId: generations.workflowNodeId, output: generations.output })
    .from(generations)
    .where(
      and(
        inArray(generations.shotId, [...shotIds]),
        eq(generations.useAsInput, true),
        eq(generations.status, 'success'),
      ),
    )
    .orderBy(asc(generations.index), asc(generations.createdAt));
  for (const row of rows) {
    if (!row.shotId || !row.output) continue;
    const forShot = byShot.get(row.shotId) ?? new Map<string, InputTake[]>();
    forShot.set(row.nodeId, [
      ...(forShot.get(row.nodeId) ?? []),
      { type: row.output.type, url: row.output.url },
    ]);
    byShot.set(row.shotId, forShot);
  }
  return byShot;
}

/** One shot's resolution context. */
export function shotContext(
  graph: MovieGraph,
  shot: ShotRowLike,
  takes: ReadonlyMap<string, readonly InputTake[]> = new Map(),
): ShotContext {
  return {
    ...graph,
    scene: graph.scenes.get(shot.sceneId) ?? null,
    shot: { description: shot.description, inputs: shot.inputs },
    takes,
  };
}
