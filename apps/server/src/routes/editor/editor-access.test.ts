import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { edge, editorClient } from './editor-test-client';

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;
let api: ReturnType<typeof editorClient>;

beforeAll(async () => {
  t = await createTestApp();
  api = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
});
afterAll(async () => t.close());

/** Ann's movie with two connected nodes; every editor call on it, with a body where one is needed. */
async function annsMovieCalls() {
  const movie = await api.newMovie(ann);
  const source = await api.addNode(ann, movie._id, { name: 'A', type: 'primitive', level: 'movie' });
  const target = await api.addNode(ann, movie._id, {
    type: 'utility',
    level: 'editor',
    utility_kind: 'add_text',
  });
  const link = edge(source, 'output', target, 'text_1');
  await api.connect(ann, movie._id, link);
  const m = movie._id;
  const n = source._id;
  const calls: ['GET' | 'POST' | 'DELETE', string, object?][] = [
    ['GET', `/editor/nodes/${m}`],
    ['GET', `/editor/connections/${m}`],
    ['GET', `/editor/workflow_nodes/${m}`],
    ['GET', `/movies/workflow_nodes/${m}`],
    ['POST', `/editor/node/${m}`, { type: 'primitive', level: 'movie' }],
    ['POST', `/editor/update/movie/${m}/node/${n}`, { name: 'Taken' }],
    ['POST', `/editor/update/movie/${m}/nodes?positionsOnly=true`, [{ id: n, position: { x: 9, y: 9 } }]],
    ['DELETE', `/editor/node/${n}/movie/${m}`],
    ['POST', `/editor/connect/${m}`, link],
    ['DELETE', `/editor/disconnect/${m}`, link],
    ['POST', `/editor/sync_all_inputs/${m}`],
    ['POST', `/editor/hide/node/${n}/movie/${m}`],
    ['POST', `/editor/show/node/${n}`],
  ];
  return { movie, source, calls };
}

describe('editor access', () => {
  it("refuses every editor call on another user's movie with 403 and changes nothing", async () => {
    const { movie, source, calls } = await annsMovieCalls();
    for (const [method, url, body] of calls) {
      const response = await api.call(bob, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toBeTruthy();
    }
    const nodes = await api.nodes(ann, movie._id);
    expect(nodes).toHaveLength(2);
    expect(nodes.find((n) => n._id === source._id)).toMatchObject({ name: 'A', hidden: false });
    expect(await api.connections(ann, movie._id)).toHaveLength(1);
  });

  it('refuses every editor call without a session, or with one that is not valid, with 401', async () => {
    const { calls } = await annsMovieCalls();
    const unknown = { cookie: 'cinegraph_session=not-a-session' };
    for (const [method, url, body] of [...calls, ['GET', '/editor/utility_nodes'] as const]) {
      expect((await api.call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      const forged = await t.app.inject({ method, url: `/api/v1${url}`, payload: body, headers: unknown });
      expect(forged.statusCode, `${method} ${url}`).toBe(401);
      expect(forged.json().detail).toBeTruthy();
    }
  });

  it('answers 404 for a movie or node that does not exist and 400 for malformed ids', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api.call(ann, 'GET', `/editor/nodes/${missing}`)).statusCode).toBe(404);
    expect((await api.call(ann, 'POST', `/editor/show/node/${missing}`)).statusCode).toBe(404);
    const malformed = await api.call(ann, 'GET', '/editor/nodes/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toMatch(/Invalid id/);
  });

  it('lets a member who joined through a share link edit the graph', async () => {
    const { movie, source } = await annsMovieCalls();
    const share = await api.ok<{ share_url: string }>(ann, 'POST', `/share_movie/${movie._id}`, {});
    const token = share.share_url.split('/').at(-1)!;
    await api.ok(bob, 'POST', `/add_shared_movie/${token}/user/${bob.userId}`, {});
    await api.ok(bob, 'POST', `/editor/update/movie/${movie._id}/node/${source._id}`, { name: 'By Bob' });
    expect((await api.nodes(ann, movie._id)).find((n) => n._id === source._id)!.name).toBe('By Bob');
  });
});
