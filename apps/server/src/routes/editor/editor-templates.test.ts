import type { EditorNode, Movie } from '@cinegraph/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, scenes, shots } from '../../db/schema';
import { seedTemplateMovies } from '../../services/movies/templates';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient } from './editor-test-client';

let t: TestApp;
let ann: SignedInUser;
let api: ReturnType<typeof editorClient>;

beforeAll(async () => {
  t = await createTestApp();
  api = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
});
afterAll(async () => t.close());

async function template(title: string) {
  return (await api.templates(ann)).find((m) => m.title === title)!;
}

const names = (nodes: EditorNode[]) => nodes.map((n) => n.name);

describe('template graphs', () => {
  it('gives the text-to-video template its full, connected graph', async () => {
    const movie = await template('Text to Video Example');
    const nodes = await api.nodes(ann, movie._id);
    expect(names(nodes)).toEqual([
      'Style',
      'Resolution',
      'Location',
      'Description',
      'Camera Angle',
      'Reference Image',
      'Add Text',
      'Cinegraph Prompt',
      'Text to Video',
      'Download',
    ]);
    const video = nodes.find((n) => n.name === 'Text to Video')!;
    const prompt = nodes.find((n) => n.name === 'Cinegraph Prompt')!;
    expect(video.input_handles.find((h) => h.name === 'Prompt')!.connections).toEqual([
      { node_id: prompt._id, handle_id: 'enhanced_prompt' },
    ]);
    expect(video.output_handles[0]!.connections).toHaveLength(1);
    expect(await api.connections(ann, movie._id)).toHaveLength(10);
    const xs = ['Style', 'Add Text', 'Cinegraph Prompt', 'Text to Video', 'Download'].map(
      (name) => nodes.find((n) => n.name === name)!.position.x,
    );
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('gives the lip-sync template an image and an audio input into a lip-sync workflow', async () => {
    const movie = await template('Lip Sync Example');
    const nodes = await api.nodes(ann, movie._id);
    const lipSync = nodes.find((n) => n.name === 'Lip Sync')!;
    const sources = lipSync.input_handles.map((h) =>
      nodes.find((n) => n._id === h.connections![0]!.node_id)!,
    );
    expect(sources.map((n) => [n.name, n.level, n.output_handles[0]!.type])).toEqual([
      ['Portrait', 'movie', 'image'],
      ['Voice', 'shot', 'audio'],
      ['Dialogue', 'shot', 'text'],
    ]);
    expect(lipSync.output_handles[0]!.type).toBe('video');
  });

  it('seeds again without duplicating nodes', async () => {
    const movie = await template('Text to Video Example');
    const before = await api.nodes(ann, movie._id);
    await seedTemplateMovies(t.db, t.storage);
    expect((await api.nodes(ann, movie._id)).map((n) => n._id)).toEqual(before.map((n) => n._id));
  });
});

describe('New Movie from the text-to-video template', () => {
  it('copies nodes, connections, storyboard and inputs under fresh ids', async () => {
    const source = await template('Text to Video Example');
    const copy = await api.ok<Movie>(
      ann,
      'POST',
      `/movies/insert_with_editor_state/user/${ann.userId}/source_movie/${source._id}`,
    );
    const [original, copied] = [await api.nodes(ann, source._id), await api.nodes(ann, copy._id)];
    expect(names(copied)).toEqual(names(original));
    const copiedIds = new Set(copied.map((n) => n._id));
    expect(original.some((n) => copiedIds.has(n._id))).toBe(false);

    const edges = await api.connections(ann, copy._id);
    expect(edges).toHaveLength(10);
    expect(edges.every((e) => copiedIds.has(e.source_node_id) && copiedIds.has(e.target_node_id))).toBe(true);
    expect(copy.inputs.map((i) => i.name)).toEqual(['Style', 'Resolution']);
    expect(copy.inputs.every((i) => copiedIds.has(i.node_id))).toBe(true);

    const [scene] = await t.db.select().from(scenes).where(eq(scenes.movieId, copy._id));
    const shotRows = await t.db
      .select()
      .from(shots)
      .where(eq(shots.sceneId, scene!.id))
      .orderBy(asc(shots.index));
    const [character] = await t.db.select().from(characters).where(eq(characters.movieId, copy._id));
    expect(shotRows.map((s) => s.inputs.map((i) => i.name))).toEqual([
      ['Description', 'Camera Angle'],
      ['Description', 'Camera Angle'],
    ]);
    expect(shotRows[0]!.inputs[0]!.value).toBe(shotRows[0]!.description);
    expect(character!.name).toBe('Mara');
    const itemNodeIds = [scene!, ...shotRows, character!].flatMap((item) =>
      item.inputs.map((i) => i.node_id),
    );
    expect(itemNodeIds.length).toBeGreaterThan(0);
    expect(itemNodeIds.every((id) => copiedIds.has(id))).toBe(true);

    // The copy's connections work like any other: the edge can be removed and made again.
    const first = edges[0]!;
    expect((await api.call(ann, 'DELETE', `/editor/disconnect/${copy._id}`, first)).statusCode).toBe(200);
    const again = await api.connect(ann, copy._id, {
      source_node_id: first.source_node_id,
      source_handle_id: first.source_handle_id,
      target_node_id: first.target_node_id,
      target_handle_id: first.target_handle_id,
    });
    expect(again.statusCode).toBe(200);
    expect(await api.connections(ann, source._id)).toHaveLength(10);
  });
});
