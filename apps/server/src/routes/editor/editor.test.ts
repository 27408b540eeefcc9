import type { EditorNode, UtilityNodeTemplate } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A movie with a shot-level text input, an untyped movie input and a workflow taking text and image. */
async function graph() {
  const movie = await api.newMovie(ann);
  const description = await api.addNode(ann, movie._id, {
    name: 'Description',
    type: 'primitive',
    level: 'shot',
    output_handles: [{ id: 'output', name: 'Description', type: 'text' }],
  });
  const loose = await api.addNode(ann, movie._id, { name: 'Reference', type: 'primitive', level: 'movie' });
  const workflow = await api.addNode(
    ann,
    movie._id,
    workflowBody(
      'Render',
      [
        ['prompt', 'text'],
        ['image', 'image'],
      ],
      [['video', 'video']],
    ),
  );
  return { movie, description, loose, workflow };
}

const byId = (list: EditorNode[], id: string) => list.find((n) => n._id === id)!;

describe('nodes', () => {
  it('creates nodes and lists them with default widths and parsed positions', async () => {
    const movie = await api.newMovie(ann);
    const created = await api.addNode(ann, movie._id, {
      name: 'Style',
      type: 'primitive',
      level: 'movie',
      position: { x: '12.5' as unknown as number, y: 40 },
      value: 'noir',
    });
    expect(created).toMatchObject({
      name: 'Style',
      level: 'movie',
      width: 220,
      position: { x: 12.5, y: 40 },
    });
    expect(created.output_handles).toEqual([{ id: 'output', name: 'Style', type: 'any', connections: [] }]);
    const listed = await api.nodes(ann, movie._id);
    expect(listed.map((n) => n._id)).toEqual([created._id]);
    expect(listed[0]!.value).toBe('noir');
  });

  it('serves the utility templates and creates a utility node from one', async () => {
    const templates = await api.ok<UtilityNodeTemplate[]>(ann, 'GET', '/editor/utility_nodes');
    expect(templates.map((u) => u.utility_kind)).toEqual(['add_text', 'prompt', 'download']);
    const prompt = templates[1]!;
    expect(prompt.input_handles.map((h) => h.name)).toEqual([
      'Prompt',
      'Camera Angle',
      'Extra Instructions #1',
      'Character Image',
      'Location Image',
      'Concept Image',
    ]);
    expect(prompt.output_handles.map((h) => [h.name, h.type])).toEqual([['Enhanced Prompt', 'text']]);
    expect(templates[2]!.input_handles).toEqual([{ id: 'media', name: 'Media', type: 'any' }]);

    const movie = await api.newMovie(ann);
    const node = await api.addNode(ann, movie._id, {
      type: 'utility',
      level: 'editor',
      utility_kind: 'prompt',
    });
    expect(node).toMatchObject({ name: 'Cinegraph Prompt', utility_kind: 'prompt', width: 220 });
    expect(node.input_handles).toHaveLength(6);
  });

  it('lists only workflow nodes under both workflow node paths', async () => {
    const { movie, workflow } = await graph();
    for (const path of [`/editor/workflow_nodes/${movie._id}`, `/movies/workflow_nodes/${movie._id}`]) {
      expect(await api.ok(ann, 'GET', path)).toEqual([{ id: workflow._id, name: 'Render', hidden: false }]);
    }
  });

  it('refuses a primitive without a primitive level and an unknown type with a detail', async () => {
    const movie = await api.newMovie(ann);
    const editorLevel = await api.call(ann, 'POST', `/editor/node/${movie._id}`, {
      type: 'primitive',
      level: 'editor',
    });
    expect(editorLevel.statusCode).toBe(400);
    expect(editorLevel.json().detail).toMatch(/level/);
    const unknown = await api.call(ann, 'POST', `/editor/node/${movie._id}`, {
      type: 'robot',
      level: 'movie',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBeTruthy();
    expect(await api.nodes(ann, movie._id)).toEqual([]);
  });

  it('updates only the fields sent', async () => {
    const { movie, workflow } = await graph();
    const url = `/editor/update/movie/${movie._id}/node/${workflow._id}`;
    const moved = await api.ok<EditorNode>(ann, 'POST', url, { position: { x: '300', y: 'oops' } });
    expect(moved).toMatchObject({ name: 'Render', position: { x: 300, y: 0 }, width: 300 });
    const renamed = await api.ok<EditorNode>(ann, 'POST', url, { name: 'Final render', value: { seed: 7 } });
    expect(renamed).toMatchObject({ name: 'Final render', position: { x: 300, y: 0 }, value: { seed: 7 } });
  });

  it('drops the connections of handles an update removes', async () => {
    const { movie, description, workflow } = await graph();
    await api.connect(ann, movie._id, edge(description, 'output', workflow, 'prompt'));
    const url = `/editor/update/movie/${movie._id}/node/${workflow._id}`;
    await api.ok(ann, 'POST', url, { input_handles: [{ id: 'image', name: 'image', type: 'image' }] });
    expect(await api.connections(ann, movie._id)).toEqual([]);
  });

  it('moves many nodes with positionsOnly=true and changes nothing else', async () => {
    const { movie, description, workflow } = await graph();
    const result = await api.ok(ann, 'POST', `/editor/update/movie/${movie._id}/nodes?positionsOnly=true`, [
      { id: description._id, position: { x: 5, y: 6 }, name: 'Ignored' },
      { id: workflow._id, position: { x: 7, y: 8 }, input_handles: [] },
    ]);
    expect(result).toEqual({ updated: 2 });
    const listed = await api.nodes(ann, movie._id);
    expect(byId(listed, description._id)).toMatchObject({ name: 'Description', position: { x: 5, y: 6 } });
    expect(byId(listed, workflow._id).input_handles).toHaveLength(2);
  });

  it('writes nothing when one id of a positions update is not a node of the movie', async () => {
    const { movie, description } = await graph();
    const other = await graph();
    const url = `/editor/update/movie/${movie._id}/nodes?positionsOnly=true`;
    const foreign = await api.call(ann, 'POST', url, [
      { id: description._id, position: { x: 999, y: 999 } },
      { id: other.workflow._id, position: { x: 1, y: 1 } },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toContain(other.workflow._id);
    const malformed = await api.call(ann, 'POST', url, [{ id: 'nope', position: { x: 1, y: 1 } }]);
    expect(malformed.statusCode).toBe(400);
    expect(byId(await api.nodes(ann, movie._id), description._id).position).toEqual({ x: 0, y: 0 });
    expect(byId(await api.nodes(ann, other.movie._id), other.workflow._id).position).toEqual({ x: 0, y: 0 });
  });

  it('hides and shows a node', async () => {
    const { movie, workflow } = await graph();
    const hidden = await api.ok<EditorNode>(
      ann,
      'POST',
      `/editor/hide/node/${workflow._id}/movie/${movie._id}`,
    );
    expect(hidden.hidden).toBe(true);
    expect(byId(await api.nodes(ann, movie._id), workflow._id).hidden).toBe(true);
    const shown = await api.ok<EditorNode>(ann, 'POST', `/editor/show/node/${workflow._id}`);
    expect(shown.hidden).toBe(false);
  });

  it('deletes a node with its connections and a workflow node with its stored files', async () => {
    const { movie, description, loose, workflow } = await graph();
    await api.connect(ann, movie._id, edge(description, 'output', workflow, 'prompt'));
    await api.connect(ann, movie._id, edge(loose, 'output', workflow, 'image'));
    const fileKey = `movies/${movie._id}/nodes/${workflow._id}/workflow.json`;
    await t.storage.put(fileKey, Buffer.from('{}'), 'application/json');

    await api.ok(ann, 'DELETE', `/editor/node/${description._id}/movie/${movie._id}`);
    expect((await api.connections(ann, movie._id)).map((c) => c.source_node_id)).toEqual([loose._id]);
    await api.ok(ann, 'DELETE', `/editor/node/${workflow._id}/movie/${movie._id}`);
    expect(await api.connections(ann, movie._id)).toEqual([]);
    expect(await t.storage.get(fileKey)).toBeNull();
    expect((await api.nodes(ann, movie._id)).map((n) => n._id)).toEqual([loose._id]);
  });

  it('answers 404 for a node of another movie named in the path', async () => {
    const { movie } = await graph();
    const other = await graph();
    const paths: ['POST' | 'DELETE', string][] = [
      ['POST', `/editor/update/movie/${movie._id}/node/${other.workflow._id}`],
      ['DELETE', `/editor/node/${other.workflow._id}/movie/${movie._id}`],
      ['POST', `/editor/hide/node/${other.workflow._id}/movie/${movie._id}`],
    ];
    for (const [method, path] of paths) {
      const response = await api.call(ann, method, path, method === 'POST' ? { name: 'x' } : undefined);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().detail).toMatch(/not found/i);
    }
    expect(byId(await api.nodes(ann, other.movie._id), other.workflow._id).name).toBe('Render');
  });
});
