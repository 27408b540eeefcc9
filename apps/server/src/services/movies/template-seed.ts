import { randomUUID } from 'node:crypto';
import type { ItemInput, TemplateKey } from '@cinegraph/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { characters, connections, movies, nodes, scenes, shots } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { settleExtraInstructions } from '../editor/extra-instructions';
import { inputSourcesOfLevel, mergeItemInputs } from '../editor/inputs-sync';
import { buildNewNode } from '../editor/new-node';
import type { Db } from '../editor/node-rows';
import { listNodes } from '../editor/nodes';
import { readTemplateWorkflow, storeTemplateFiles, templateFileUrl } from './template-files';
import { TEMPLATE_GRAPHS, type TemplateFile, type TemplateNode } from './template-graphs';

/**
 * Gives a template movie its files, graph and sample storyboard. Seeding runs on every start: a template
 * already seeded is left alone, and one seeded before the templates carried workflows (a workflow node
 * without its files) is seeded again. The movie row is locked, so two servers starting at once seed once.
 */
export async function seedTemplateGraph(db: Database, storage: Storage, key: TemplateKey): Promise<void> {
  const graph = TEMPLATE_GRAPHS[key];
  await db.transaction(async (tx) => {
    const [movie] = await tx
      .select({ id: movies.id })
      .from(movies)
      .where(eq(movies.templateKey, key))
      .for('update');
    if (!movie) return;
    await storeTemplateFiles(storage, key, movie.id);
    const [existing] = await tx
      .select({ id: nodes.id })
      .from(nodes)
      .where(eq(nodes.movieId, movie.id))
      .limit(1);
    if (existing && !(await lacksWorkflow(tx, movie.id))) return;
    // Nobody edits a template (it has no members), so an outdated seed can be replaced whole.
    await tx.delete(nodes).where(eq(nodes.movieId, movie.id));
    await tx.delete(scenes).where(eq(scenes.movieId, movie.id));
    await tx.delete(characters).where(eq(characters.movieId, movie.id));

    const valueOf = (value: unknown) =>
      isTemplateFile(value) ? templateFileUrl(movie.id, value.templateFile) : value;
    const ids = new Map<string, string>(graph.nodes.map((n) => [n.key, randomUUID()]));
    const start = Date.now();
    await tx.insert(nodes).values(
      graph.nodes.map((n, i) => ({
        ...buildNewNode(movie.id, templateNodeBody(n, valueOf(n.value))),
        ...(n.workflow && workflowColumns(n.workflow, movie.id)),
        id: ids.get(n.key)!,
        createdAt: new Date(start + i),
      })),
    );
    await tx.insert(connections).values(
      graph.edges.map(([from, sourceHandleId, to, targetHandleId]) => ({
        movieId: movie.id,
        sourceNodeId: ids.get(from)!,
        sourceHandleId,
        targetNodeId: ids.get(to)!,
        targetHandleId,
      })),
    );
    for (const n of graph.nodes.filter((node) => node.utility === 'prompt')) {
      await settleExtraInstructions(tx, ids.get(n.key)!);
    }

    const rows = await listNodes(tx, movie.id);
    const keyOf = new Map([...ids].map(([k, id]) => [id, k]));
    const inputsFor = (level: 'scene' | 'shot' | 'character', values: Record<string, unknown>): ItemInput[] =>
      mergeItemInputs([], inputSourcesOfLevel(rows, level)).map((input) => {
        const value = values[keyOf.get(input.node_id)!];
        return value === undefined ? input : { ...input, value: valueOf(value) };
      });

    for (const [index, scene] of graph.scenes.entries()) {
      const [row] = await tx
        .insert(scenes)
        .values({ movieId: movie.id, index, title: scene.title, inputs: inputsFor('scene', scene.values) })
        .returning({ id: scenes.id });
      for (const [shotIndex, shot] of scene.shots.entries()) {
        const values = { description: shot.description, ...shot.values };
        await tx.insert(shots).values({
          movieId: movie.id,
          sceneId: row!.id,
          index: shotIndex,
          description: shot.description,
          inputs: inputsFor('shot', values),
        });
      }
    }
    for (const [index, character] of graph.characters.entries()) {
      await tx.insert(characters).values({
        movieId: movie.id,
        index,
        name: character.name,
        inputs: inputsFor('character', character.values),
      });
    }
    const movieInputs = inputSourcesOfLevel(rows, 'movie').map(({ node_id, name, type, value }) => ({
      node_id,
      name,
      type,
      value,
    }));
    await tx.update(movies).set({ inputs: movieInputs }).where(eq(movies.id, movie.id));
  });
}

async function lacksWorkflow(tx: Db, movieId: string): Promise<boolean> {
  const [bare] = await tx
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(eq(nodes.movieId, movieId), eq(nodes.type, 'workflow'), isNull(nodes.workflowApiLink)))
    .limit(1);
  return bare !== undefined;
}

function isTemplateFile(value: unknown): value is TemplateFile {
  return typeof value === 'object' && value !== null && 'templateFile' in value;
}

/** A workflow node points at the shipped files and takes its handles from them, as an upload would. */
function workflowColumns(key: TemplateKey, movieId: string) {
  const workflow = readTemplateWorkflow(key);
  return {
    workflowLink: templateFileUrl(movieId, 'workflow.json'),
    workflowApiLink: templateFileUrl(movieId, 'workflow_api.json'),
    inputHandles: workflow.inputs,
    outputHandles: workflow.outputs,
  };
}

function templateNodeBody(n: TemplateNode, value: unknown) {
  return {
    name: n.name,
    type: n.type,
    level: n.level,
    position: { x: n.at[0], y: n.at[1] },
    value,
    utility_kind: n.utility,
    output_handles: n.valueType ? [{ id: 'output', name: n.name, type: n.valueType }] : undefined,
  };
}
