import type { Connection, EditorNode } from '@cinegraph/contracts';
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

async function graph() {
  const movie = await api.newMovie(ann);
  const text = (name: string) =>
    api.addNode(ann, movie._id, {
      name,
      type: 'primitive',
      level: 'shot',
      output_handles: [{ id: 'output', name, type: 'text' }],
    });
  const description = await text('Description');
  const dialogue = await text('Dialogue');
  const loose = await api.addNode(ann, movie._id, {
    name: 'Reference',
    type: 'primitive',
    level: 'character',
  });
  const first = await api.addNode(
    ann,
    movie._id,
    workflowBody(
      'First',
      [
        ['prompt', 'text'],
        ['image', 'image'],
      ],
      [['video', 'video']],
    ),
  );
  const second = await api.addNode(
    ann,
    movie._id,
    workflowBody('Second', [['clip', 'video']], [['video', 'video']]),
  );
  return { movie, description, dialogue, loose, first, second };
}

const byId = (list: EditorNode[], id: string) => list.find((n) => n._id === id)!;

describe('connect', () => {
  it('connects an output to an input and lists it on both handles', async () => {
    const g = await graph();
    const response = await api.connect(ann, g.movie._id, edge(g.description, 'output', g.first, 'prompt'));
    expect(response.statusCode).toBe(200);
    const created: Connection = response.json();
    expect(created).toMatchObject({ movie_id: g.movie._id, source_node_id: g.description._id });
    expect(await api.connections(ann, g.movie._id)).toEqual([created]);

    const nodes = await api.nodes(ann, g.movie._id);
    const prompt = byId(nodes, g.first._id).input_handles.find((h) => h.id === 'prompt')!;
    expect(prompt.connections).toEqual([{ node_id: g.description._id, handle_id: 'output' }]);
    expect(byId(nodes, g.description._id).output_handles[0]!.connections).toEqual([
      { node_id: g.first._id, handle_id: 'prompt' },
    ]);
  });

  it('replaces the connection of an occupied input in one step', async () => {
    const g = await graph();
    await api.connect(ann, g.movie._id, edge(g.description, 'output', g.first, 'prompt'));
    const response = await api.connect(ann, g.movie._id, edge(g.dialogue, 'output', g.first, 'prompt'));
    expect(response.statusCode).toBe(200);
    const list = await api.connections(ann, g.movie._id);
    expect(list.map((c) => [c.source_node_id, c.target_handle_id])).toEqual([[g.dialogue._id, 'prompt']]);
  });

  it('gives an untyped primitive the type of the input it is connected to', async () => {
    const g = await graph();
    expect((await api.connect(ann, g.movie._id, edge(g.loose, 'output', g.first, 'image'))).statusCode).toBe(
      200,
    );
    const loose = byId(await api.nodes(ann, g.movie._id), g.loose._id);
    expect(loose.output_handles[0]!.type).toBe('image');
    const asText = await api.connect(ann, g.movie._id, edge(g.loose, 'output', g.first, 'prompt'));
    expect(asText.statusCode).toBe(400);
  });

  it('chains a workflow output into another workflow', async () => {
    const g = await graph();
    expect((await api.connect(ann, g.movie._id, edge(g.first, 'video', g.second, 'clip'))).statusCode).toBe(
      200,
    );
  });

  it('refuses a duplicate edge with 409 and a detail', async () => {
    const g = await graph();
    await api.connect(ann, g.movie._id, edge(g.description, 'output', g.first, 'prompt'));
    const again = await api.connect(ann, g.movie._id, edge(g.description, 'output', g.first, 'prompt'));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This connection already exists.');
    expect(await api.connections(ann, g.movie._id)).toHaveLength(1);
  });

  it('refuses incompatible types, unknown handles, loops and bad ids with a detail and writes nothing', async () => {
    const g = await graph();
    await api.connect(ann, g.movie._id, edge(g.first, 'video', g.second, 'clip'));
    const cases: [object, number, RegExp][] = [
      [edge(g.description, 'output', g.first, 'image'), 400, /text output cannot connect to a image input/],
      [edge(g.description, 'nope', g.first, 'prompt'), 400, /no output "nope"/],
      [edge(g.description, 'output', g.first, 'nope'), 400, /no input "nope"/],
      [edge(g.second, 'video', g.second, 'clip'), 400, /itself/],
      [{ ...edge(g.description, 'output', g.first, 'prompt'), source_node_id: 'nope' }, 400, /Invalid id/],
      [
        { ...edge(g.description, 'output', g.first, 'prompt'), target_handle_id: '' },
        400,
        /target_handle_id/,
      ],
    ];
    for (const [body, status, detail] of cases) {
      const response = await api.call(ann, 'POST', `/editor/connect/${g.movie._id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().detail).toMatch(detail);
    }
    expect(await api.connections(ann, g.movie._id)).toHaveLength(1);
  });

  it('refuses an edge that would make a loop', async () => {
    const g = await graph();
    const back = await api.addNode(
      ann,
      g.movie._id,
      workflowBody('Back', [['in', 'video']], [['out', 'any']]),
    );
    await api.connect(ann, g.movie._id, edge(g.first, 'video', back, 'in'));
    const loop = await api.connect(ann, g.movie._id, edge(back, 'out', g.first, 'prompt'));
    expect(loop.statusCode).toBe(400);
    expect(loop.json().detail).toMatch(/loop/);
  });

  it('refuses a node of another movie with 404', async () => {
    const g = await graph();
    const other = await graph();
    const response = await api.connect(
      ann,
      g.movie._id,
      edge(other.description, 'output', g.first, 'prompt'),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('Both nodes must exist in this movie.');
  });
});

describe('disconnect', () => {
  it('removes a connection and answers 404 with a detail when there is none', async () => {
    const g = await graph();
    const link = edge(g.description, 'output', g.first, 'prompt');
    await api.connect(ann, g.movie._id, link);
    expect((await api.call(ann, 'DELETE', `/editor/disconnect/${g.movie._id}`, link)).statusCode).toBe(200);
    expect(await api.connections(ann, g.movie._id)).toEqual([]);
    const again = await api.call(ann, 'DELETE', `/editor/disconnect/${g.movie._id}`, link);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toMatch(/no such connection/);
  });
});

describe('the prompt node', () => {
  it('offers Extra Instructions #2 once #1 is connected, #3 once #2 is, and drops a spare when one is freed', async () => {
    const g = await graph();
    const prompt = await api.addNode(ann, g.movie._id, {
      name: 'Cinegraph Prompt',
      type: 'utility',
      level: 'editor',
      utility_kind: 'prompt',
    });
    const extras = async () =>
      byId(await api.nodes(ann, g.movie._id), prompt._id)
        .input_handles.filter((h) => h.id.startsWith('extra_instructions'))
        .map((h) => h.name);
    const handleIds = async () =>
      byId(await api.nodes(ann, g.movie._id), prompt._id).input_handles.map((h) => h.id);
    expect(await extras()).toEqual(['Extra Instructions #1']);

    await api.connect(ann, g.movie._id, edge(g.description, 'output', prompt, 'extra_instructions_1'));
    expect(await extras()).toEqual(['Extra Instructions #1', 'Extra Instructions #2']);
    expect(
      (await api.connect(ann, g.movie._id, edge(g.dialogue, 'output', prompt, 'extra_instructions_2')))
        .statusCode,
    ).toBe(200);
    expect(await extras()).toEqual([
      'Extra Instructions #1',
      'Extra Instructions #2',
      'Extra Instructions #3',
    ]);
    // The extra instructions stay together, before the image inputs.
    expect(await handleIds()).toEqual([
      'prompt',
      'camera_angle',
      'extra_instructions_1',
      'extra_instructions_2',
      'extra_instructions_3',
      'character_image',
      'location_image',
      'concept_image',
    ]);

    const second = edge(g.dialogue, 'output', prompt, 'extra_instructions_2');
    expect((await api.call(ann, 'DELETE', `/editor/disconnect/${g.movie._id}`, second)).statusCode).toBe(200);
    expect(await extras()).toEqual(['Extra Instructions #1', 'Extra Instructions #2']);
  });
});
