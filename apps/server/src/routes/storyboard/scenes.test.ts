import type { Scene, Shot } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectIndexes, storyboardClient, titles, type StoryboardClient } from './storyboard-test-client';

let t: TestApp;
let ann: SignedInUser;
let api: StoryboardClient;

beforeAll(async () => {
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'ann@example.com');
});
afterAll(async () => t.close());

/** A blank movie with scenes titled A, B, C, ... in that order. */
async function movieWithScenes(...names: string[]) {
  const movie = await api.newMovie(ann);
  for (const title of names) await api.updateScene(ann, await api.addScene(ann, movie._id), { title });
  return { movie, list: () => api.scenes(ann, movie._id) };
}

describe('scenes', () => {
  it('lists a new movie with no scenes, then appends new scenes at the end in order', async () => {
    const movie = await api.newMovie(ann);
    expect(await api.scenes(ann, movie._id)).toEqual([]);
    const first = await api.addScene(ann, movie._id);
    const second = await api.addScene(ann, movie._id);
    expect(first).toMatchObject({
      movie_id: movie._id,
      index: 0,
      title: '',
      description: '',
      location: '',
      inputs: [],
      hidden: false,
      new_output: false,
      use_as_input: false,
      downloaded: false,
      display_image: null,
    });
    expect(second.index).toBe(1);
    expect((await api.scenes(ann, movie._id)).map((s) => s._id)).toEqual([first._id, second._id]);
  });

  it('inserts a scene at a given index and moves the later ones down', async () => {
    const { movie, list } = await movieWithScenes('A', 'B', 'C');
    const inserted = await api.addScene(ann, movie._id, { index: 1 });
    expect(inserted.index).toBe(1);
    const scenes = await list();
    expect(titles(scenes)).toEqual(['A', '', 'B', 'C']);
    expectIndexes(scenes);
  });

  it('saves the whole item: title, extra fields and flags, and reads them back', async () => {
    const { list } = await movieWithScenes('A');
    const [scene] = await list();
    const saved = await api.updateScene(ann, scene!, {
      title: 'Harbour',
      description: 'Mara waits on the pier.',
      location: 'Harbour at dawn',
      hidden: true,
      downloaded: true,
      new_output: true,
    });
    expect(saved).toMatchObject({ title: 'Harbour', location: 'Harbour at dawn', hidden: true });
    expect((await list())[0]).toEqual(saved);
  });

  it('reorders by index: the moved scene takes the place and the others close up', async () => {
    const { list } = await movieWithScenes('A', 'B', 'C', 'D');
    const [a] = await list();
    await api.updateScene(ann, a!, { index: 2 });
    expect(titles(await list())).toEqual(['B', 'C', 'A', 'D']);
    const d = (await list())[3]!;
    await api.updateScene(ann, d, { index: 0 });
    const scenes = await list();
    expect(titles(scenes)).toEqual(['D', 'B', 'C', 'A']);
    expectIndexes(scenes);
  });

  it('keeps the order when an edit comes without an index (an edit never moves a scene)', async () => {
    const { list } = await movieWithScenes('A', 'B', 'C');
    const [a] = await list();
    await api.updateScene(ann, a!, { index: 2 });
    const { index: _stale, ...edited } = { ...a!, title: 'A, edited' };
    await api.updateScene(ann, edited as Scene, {});
    expect(titles(await list())).toEqual(['B', 'C', 'A, edited']);
  });

  it('persists a reorder sent as one update per item with its new index', async () => {
    const { list } = await movieWithScenes('A', 'B', 'C');
    const [a, b, c] = await list();
    for (const [scene, index] of [
      [c!, 0],
      [a!, 1],
      [b!, 2],
    ] as const) {
      await api.updateScene(ann, scene, { index });
    }
    expect(titles(await list())).toEqual(['C', 'A', 'B']);
  });

  it('keeps indexes unique and contiguous when scenes are added and copied at the same time', async () => {
    const { movie, list } = await movieWithScenes('A');
    const [a] = await list();
    await Promise.all([
      ...Array.from({ length: 4 }, () => api.addScene(ann, movie._id)),
      api.addScene(ann, movie._id, { index: 0 }),
      api.ok(ann, 'POST', `/scenes/copy/${a!._id}`),
    ]);
    const scenes = await list();
    expect(scenes).toHaveLength(7);
    expectIndexes(scenes);
  });

  it('clamps an index past the end to the last place', async () => {
    const { list } = await movieWithScenes('A', 'B', 'C');
    await api.updateScene(ann, (await list())[0]!, { index: 99 });
    const scenes = await list();
    expect(titles(scenes)).toEqual(['B', 'C', 'A']);
    expectIndexes(scenes);
  });

  it('copies a scene right after it, with its shots, and returns the copy', async () => {
    const { movie, list } = await movieWithScenes('A', 'B', 'C');
    const a = (await list())[0]!;
    const shot = await api.addShot(ann, a);
    await api.updateShot(ann, shot, { description: 'Mara runs' });
    const copy = await api.ok<Scene>(ann, 'POST', `/scenes/copy/${a._id}`);
    expect(copy).toMatchObject({ title: 'A', index: 1, movie_id: movie._id });
    expect(copy._id).not.toBe(a._id);
    const scenes = await list();
    expect(titles(scenes)).toEqual(['A', 'A', 'B', 'C']);
    expectIndexes(scenes);
    const copiedShots = await api.shots(ann, copy._id);
    expect(copiedShots.map((s: Shot) => s.description)).toEqual(['Mara runs']);
    expect(copiedShots[0]!._id).not.toBe(shot._id);
    expect(await api.shots(ann, a._id)).toHaveLength(1);
  });

  it('deletes a scene with its shots and moves the later scenes up', async () => {
    const { list } = await movieWithScenes('A', 'B', 'C');
    const b = (await list())[1]!;
    const shot = await api.addShot(ann, b);
    const response = await api.call(ann, 'DELETE', `/scenes/${b._id}`);
    expect(response.statusCode).toBe(200);
    const scenes = await list();
    expect(titles(scenes)).toEqual(['A', 'C']);
    expectIndexes(scenes);
    expect((await api.call(ann, 'GET', `/shots/${shot._id}`)).statusCode).toBe(404);
    expect((await api.call(ann, 'GET', `/scenes/${b._id}`)).statusCode).toBe(404);
  });

  it('reads one scene for the breadcrumb', async () => {
    const { list } = await movieWithScenes('Harbour');
    const scene = (await list())[0]!;
    expect(await api.ok<Scene>(ann, 'GET', `/scenes/${scene._id}`)).toEqual(scene);
  });

  it("gives a new scene the movie's scene-level inputs with their values", async () => {
    const movie = await api.newMovie(ann);
    const location = await api.addNode(ann, movie._id, {
      name: 'Location',
      type: 'primitive',
      level: 'scene',
      value: 'a pier',
      output_handles: [{ id: 'output', name: 'Location', type: 'text' }],
    });
    await api.addNode(ann, movie._id, { name: 'Style', type: 'primitive', level: 'movie', value: 'noir' });
    const scene = await api.addScene(ann, movie._id);
    expect(scene.inputs).toEqual([
      { node_id: location._id, name: 'Location', type: 'text', value: 'a pier' },
    ]);
  });

  it('keeps input values of an update aligned with the input nodes', async () => {
    const starter = await api.starterMovie(ann);
    const [scene] = await api.scenes(ann, starter._id);
    const location = scene!.inputs.find((input) => input.name === 'Location')!;
    const saved = await api.updateScene(ann, scene!, {
      inputs: [
        { ...location, value: 'A lighthouse' },
        { node_id: 'not-a-node', name: 'Ghost', type: 'text', value: 'boo' },
      ],
    });
    expect(saved.inputs).toEqual([{ ...location, value: 'A lighthouse' }]);
  });
});
