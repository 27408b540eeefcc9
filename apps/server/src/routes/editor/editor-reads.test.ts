import { endpoints as ep } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movies, nodes } from '../../db/schema';
import { compiledSerializer } from '../../http/compiled-serializer';
import { presentConnection, presentNode } from '../../presenters/editor';
import { presentMovie } from '../../presenters/movies';
import { listConnections } from '../../services/editor/connections';
import { listNodes } from '../../services/editor/nodes';
import { UTILITY_NODE_TEMPLATES } from '../../services/editor/utility-templates';
import { listTemplates } from '../../services/movies/movies';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { edge, editorClient, workflowBody } from './editor-test-client';

let t: TestApp;
let ann: SignedInUser;
let api: ReturnType<typeof editorClient>;

beforeAll(async () => {
  t = await createTestApp();
  api = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
});
afterAll(async () => t.close());

/** A movie with every kind of node and field the nodes read writes, and an output feeding two inputs. */
async function richMovie() {
  const movie = await api.newMovie(ann);
  const m = movie._id;
  const style = await api.addNode(ann, m, { name: 'Style "noir"', type: 'primitive', level: 'shot' });
  const render = await api.addNode(
    ann,
    m,
    workflowBody(
      'Render',
      [
        ['prompt', 'text'],
        ['image', 'image'],
      ],
      [['video', 'video']],
    ),
  );
  const join = await api.addNode(ann, m, { type: 'utility', level: 'editor', utility_kind: 'add_text' });
  const prompt = await api.addNode(ann, m, { type: 'utility', level: 'editor', utility_kind: 'prompt' });
  for (const link of [
    edge(style, 'output', render, 'prompt'),
    edge(style, 'output', join, 'text_1'),
    edge(join, 'text', prompt, 'extra_instructions_1'),
  ]) {
    expect((await api.connect(ann, m, link)).statusCode).toBe(200);
  }
  await api.ok(ann, 'POST', `/editor/hide/node/${prompt._id}/movie/${m}`);
  await t.db
    .update(nodes)
    .set({ value: { text: 'ünïcode \u2028 "quoted"', weights: [0.1, 1e-7, -2], nested: { ok: true } } })
    .where(eq(nodes.id, style._id));
  await t.db
    .update(nodes)
    .set({
      positionX: 0.1 + 0.2,
      positionY: -123456.789,
      width: 333.5,
      workflowLink: `movies/${m}/render.json`,
      uploadError: 'Not a ComfyUI workflow',
      waitingForClasses: ['KSampler', 'VAEDecode'],
    })
    .where(eq(nodes.id, render._id));
  return m;
}

/** The answers as the editor's writes present a node and a connection, through the same serializers. */
async function answersAsPresented(movieId: string) {
  const [rows, edges] = await Promise.all([listNodes(t.db, movieId), listConnections(t.db, movieId)]);
  return {
    nodes: compiledSerializer({ schema: ep.listNodes.response })(rows.map((row) => presentNode(row, edges))),
    connections: compiledSerializer({ schema: ep.listConnections.response })(edges.map(presentConnection)),
  };
}

describe("the editor's first reads", () => {
  it('answers the nodes and connections byte for byte as each node and connection is presented', async () => {
    const movieId = await richMovie();
    const expected = await answersAsPresented(movieId);
    const nodesRead = await api.call(ann, 'GET', `/editor/nodes/${movieId}`);
    const connectionsRead = await api.call(ann, 'GET', `/editor/connections/${movieId}`);
    expect(nodesRead.body).toBe(expected.nodes);
    expect(connectionsRead.body).toBe(expected.connections);

    const read = await api.nodes(ann, movieId);
    expect(read).toHaveLength(4);
    expect(read[0]!.output_handles[0]!.connections).toHaveLength(2);
    expect(await api.connections(ann, movieId)).toHaveLength(3);
  });

  it('answers an empty list for a movie without nodes or connections', async () => {
    const movie = await api.newMovie(ann);
    await t.db.delete(nodes).where(eq(nodes.movieId, movie._id));
    expect(await api.nodes(ann, movie._id)).toEqual([]);
    expect(await api.connections(ann, movie._id)).toEqual([]);
  });

  it('answers the movie, with its saved inputs, and the utility templates as the contracts shape them', async () => {
    const movieId = await richMovie();
    const inputs = [{ node_id: 'n1', type: 'text', name: 'Style', value: { text: 'noir', n: 2 } }];
    await api.ok(ann, 'POST', `/movies/update/${movieId}`, { movieData: { inputs } });
    const [row] = await t.db.select().from(movies).where(eq(movies.id, movieId));
    const movie = await api.call(ann, 'GET', `/movies/${movieId}`);
    expect(ep.getMovie.response.strict().parse(movie.json())).toEqual(presentMovie(row!));
    expect(movie.json().inputs).toEqual(inputs);

    const templates = await api.call(ann, 'GET', '/editor/utility_nodes');
    expect(templates.json()).toEqual(JSON.parse(JSON.stringify(UTILITY_NODE_TEMPLATES)));
  });

  it('reads a template movie for a user who is not one of its members', async () => {
    const [template] = await listTemplates(t.db);
    expect((await api.call(ann, 'GET', `/movies/${template!.id}`)).json()).toMatchObject({
      _id: template!.id,
      title: template!.title,
    });
  });
});
