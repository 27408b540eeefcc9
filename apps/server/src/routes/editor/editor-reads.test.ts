import { endpoints as ep } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, movies, nodes, sessions, type StoredHandle } from '../../db/schema';
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

/** The two reads answer what presenting each node and connection answers, in the contracts' shapes. */
async function expectReadsAsPresented(user: SignedInUser, movieId: string) {
  const expected = await answersAsPresented(movieId);
  for (const [what, answer] of [
    ['nodes', expected.nodes],
    ['connections', expected.connections],
  ] as const) {
    const read = await api.call(user, 'GET', `/editor/${what}/${movieId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(read.json()).toStrictEqual(JSON.parse(answer));
  }
  await api.nodes(user, movieId);
  await api.connections(user, movieId);
}

describe("the editor's first reads", () => {
  it('answers the nodes and connections as each node and connection is presented', async () => {
    const movieId = await richMovie();
    await expectReadsAsPresented(ann, movieId);

    const read = await api.nodes(ann, movieId);
    expect(read).toHaveLength(4);
    expect(read[0]!.output_handles[0]!.connections).toHaveLength(2);
    expect(await api.connections(ann, movieId)).toHaveLength(3);
  });

  it('writes quotes, control characters and unicode in names, values and handle ids as JSON does', async () => {
    const movie = await api.newMovie(ann);
    const m = movie._id;
    const odd = 'a\u0001b\u0002 "c" \\ \n \u2028 ünï';
    const source = await api.addNode(ann, m, { name: 'Source', type: 'primitive', level: 'movie' });
    const target = await api.addNode(ann, m, { name: 'Target', type: 'primitive', level: 'movie' });
    const handle = { id: odd, name: odd, type: 'text' as const, tooltip: odd };
    await t.db
      .update(nodes)
      .set({
        name: odd,
        value: { [odd]: [odd, -0, 1e21] },
        positionX: -0,
        uploadError: odd,
        inputHandles: [handle],
      })
      .where(eq(nodes.id, target._id));
    await t.db.insert(connections).values({
      movieId: m,
      sourceNodeId: source._id,
      sourceHandleId: 'output',
      targetNodeId: target._id,
      targetHandleId: odd,
    });
    await expectReadsAsPresented(ann, m);
    const read = (await api.nodes(ann, m)).find((n) => n._id === target._id)!;
    expect(read.name).toBe(odd);
    expect(read.input_handles[0]!.connections).toEqual([{ node_id: source._id, handle_id: 'output' }]);
  });

  it('leaves out of the nodes what a stored handle holds beyond the contracts', async () => {
    const movie = await api.newMovie(ann);
    const node = await api.addNode(ann, movie._id, { name: 'Input', type: 'primitive', level: 'movie' });
    const stored = { id: 'output', name: 'output', type: 'text', connections: [{ node_id: 'x' }], extra: 1 };
    await t.db
      .update(nodes)
      .set({ outputHandles: [stored as StoredHandle] })
      .where(eq(nodes.id, node._id));
    await expectReadsAsPresented(ann, movie._id);
    const [read] = await api.nodes(ann, movie._id);
    expect(read!.output_handles).toEqual([{ id: 'output', name: 'output', type: 'text', connections: [] }]);
  });

  it("reads a template's nodes and connections for a user who is not one of its members", async () => {
    const [template] = await listTemplates(t.db);
    const [edge] = await listConnections(t.db, template!.id);
    expect(edge).toBeDefined();
    await expectReadsAsPresented(ann, template!.id);
  });

  it('refuses a session that expired with 401', async () => {
    const bob = await signIn(t, 'bob@example.com');
    const movie = await api.newMovie(bob);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, bob.userId));
    for (const what of ['nodes', 'connections']) {
      expect((await api.call(bob, 'GET', `/editor/${what}/${movie._id}`)).statusCode).toBe(401);
    }
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
