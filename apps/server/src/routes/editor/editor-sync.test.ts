import type { EditorNode, Movie } from '@cinegraph/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, scenes, shots } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient } from './editor-test-client';

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

/** A new movie of `user` from the text-to-video template (one scene, two shots, one character). */
async function starterMovie(user: SignedInUser) {
  const [source] = await api.templates(user);
  const movie = await api.ok<Movie>(
    user,
    'POST',
    `/movies/insert_with_editor_state/user/${user.userId}/source_movie/${source!._id}`,
  );
  const nodes = await api.nodes(user, movie._id);
  const named = (name: string) => nodes.find((n) => n.name === name)!;
  return { movie, named };
}

async function items(movieId: string) {
  return {
    scenes: await t.db.select().from(scenes).where(eq(scenes.movieId, movieId)),
    shots: await t.db.select().from(shots).where(eq(shots.movieId, movieId)).orderBy(asc(shots.index)),
    characters: await t.db.select().from(characters).where(eq(characters.movieId, movieId)),
  };
}

describe('sync_all_inputs', () => {
  it('changes nothing when the items already match the input nodes', async () => {
    const { movie } = await starterMovie(ann);
    const counts = await api.ok(ann, 'POST', `/editor/sync_all_inputs/${movie._id}`);
    expect(counts).toEqual({ scenes: 0, shots: 0, characters: 0 });
  });

  it('every input node change reaches the existing items at once, keeping their values', async () => {
    const { movie, named } = await starterMovie(ann);
    const before = await items(movie._id);
    const mood = await api.addNode(ann, movie._id, {
      name: 'Mood',
      type: 'primitive',
      level: 'shot',
      value: 'calm',
      output_handles: [{ id: 'output', name: 'Mood', type: 'text' }],
    });
    const camera = named('Camera Angle');
    await api.ok(ann, 'POST', `/editor/update/movie/${movie._id}/node/${camera._id}`, { name: 'Lens' });
    await api.ok(ann, 'DELETE', `/editor/node/${named('Location')._id}/movie/${movie._id}`);
    const reference = named('Reference Image');
    await api.ok(ann, 'POST', `/editor/update/movie/${movie._id}/node/${reference._id}`, {
      output_handles: [{ id: 'output', name: 'Reference Image', type: 'video' }],
    });

    // The node changes themselves brought the items in line: nothing is left for sync_all_inputs.
    const counts = await api.ok(ann, 'POST', `/editor/sync_all_inputs/${movie._id}`);
    expect(counts).toEqual({ scenes: 0, shots: 0, characters: 0 });

    const after = await items(movie._id);
    expect(after.scenes[0]!.inputs).toEqual([]);
    for (const [i, shot] of after.shots.entries()) {
      expect(shot.inputs.map((input) => [input.name, input.type])).toEqual([
        ['Description', 'text'],
        ['Lens', 'text'],
        ['Mood', 'text'],
      ]);
      expect(shot.inputs[0]!.value).toBe(before.shots[i]!.inputs[0]!.value);
      expect(shot.inputs[1]!.value).toBe(before.shots[i]!.inputs[1]!.value);
      expect(shot.inputs[2]).toMatchObject({ node_id: mood._id, value: 'calm' });
    }
    expect(after.characters[0]!.inputs).toEqual([
      { node_id: reference._id, name: 'Reference Image', type: 'video', value: '' },
    ]);
  });
});

describe('movie inputs', () => {
  it("applies the saved inputs' values to the movie-level input nodes", async () => {
    const { movie, named } = await starterMovie(ann);
    const style = named('Style');
    const shotNode = named('Description');
    const other = await starterMovie(bob);
    const inputs = [
      { node_id: style._id, type: 'text', name: 'Style', value: 'noir, high contrast' },
      { node_id: shotNode._id, type: 'text', name: 'Description', value: 'not a movie input' },
      { node_id: other.named('Style')._id, type: 'text', name: 'Style', value: 'from another movie' },
      { node_id: 'legacy-id', type: 'text', name: 'Old', value: 'ignored' },
    ];
    const saved = await api.ok<Movie>(ann, 'POST', `/movies/update/${movie._id}`, { movieData: { inputs } });
    expect(saved.inputs).toHaveLength(4);

    const nodes = await api.nodes(ann, movie._id);
    const value = (list: EditorNode[], id: string) => list.find((n) => n._id === id)!.value;
    expect(value(nodes, style._id)).toBe('noir, high contrast');
    expect(value(nodes, shotNode._id)).toBe('');
    expect(value(await api.nodes(bob, other.movie._id), other.named('Style')._id)).toBe(
      'cinematic, 35mm film, soft light',
    );
  });
});
