import { randomUUID } from 'node:crypto';
import type { ItemInput, TemplateKey } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { characters, connections, movies, nodes, scenes, shots } from '../../db/schema';
import { inputSourcesOfLevel, mergeItemInputs } from '../editor/inputs-sync';
import { buildNewNode } from '../editor/new-node';
import { listNodes } from '../editor/nodes';
import { TEMPLATE_GRAPHS, type TemplateNode } from './template-graphs';

/**
 * Gives a template movie its graph and sample storyboard when it has no nodes yet, so seeding on every
 * start never duplicates. The movie row is locked, so two servers starting at once seed it once.
 */
export async function seedTemplateGraph(db: Database, key: TemplateKey): Promise<void> {
  const graph = TEMPLATE_GRAPHS[key];
  await db.transaction(async (tx) => {
    const [movie] = await tx
      .select({ id: movies.id })
      .from(movies)
      .where(eq(movies.templateKey, key))
      .for('update');
    if (!movie) return;
    const [existing] = await tx
      .select({ id: nodes.id })
      .from(nodes)
      .where(eq(nodes.movieId, movie.id))
      .limit(1);
    if (existing) return;

    const ids = new Map<string, string>(graph.nodes.map((n) => [n.key, randomUUID()]));
    const start = Date.now();
    await tx.insert(nodes).values(
      graph.nodes.map((n, i) => ({
        ...buildNewNode(movie.id, templateNodeBody(n)),
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

    const rows = await listNodes(tx, movie.id);
    const keyOf = new Map([...ids].map(([k, id]) => [id, k]));
    const inputsFor = (level: 'scene' | 'shot' | 'character', values: Record<string, unknown>): ItemInput[] =>
      mergeItemInputs([], inputSourcesOfLevel(rows, level)).map((input) => {
        const value = values[keyOf.get(input.node_id)!];
        return value === undefined ? input : { ...input, value };
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

function templateNodeBody(n: TemplateNode) {
  return {
    name: n.name,
    type: n.type,
    level: n.level,
    position: { x: n.at[0], y: n.at[1] },
    value: n.value,
    utility_kind: n.utility,
    input_handles: n.inputs,
    output_handles: n.valueType ? [{ id: 'output', name: n.name, type: n.valueType }] : n.outputs,
  };
}
