import type { Character } from '@cinegraph/contracts';
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

async function movieWithCharacters(...names: string[]) {
  const movie = await api.newMovie(ann);
  for (const name of names) await api.updateCharacter(ann, await api.addCharacter(ann, movie._id), { name });
  return { movie, list: () => api.characters(ann, movie._id) };
}

describe('characters', () => {
  it("lists the template's character with its name as title and its character-level inputs", async () => {
    const starter = await api.starterMovie(ann);
    const [mara] = await api.characters(ann, starter._id);
    expect(mara).toMatchObject({ name: 'Mara', title: 'Mara', index: 0 });
    expect(mara!.inputs.map((input) => input.name)).toEqual(['Reference Image']);
  });

  it('appends new characters with the character-level inputs, or inserts one at an index', async () => {
    const starter = await api.starterMovie(ann);
    const added = await api.addCharacter(ann, starter._id);
    expect(added).toMatchObject({ index: 1, name: '', title: '' });
    expect(added.inputs).toEqual([expect.objectContaining({ name: 'Reference Image', type: 'image' })]);
    const first = await api.addCharacter(ann, starter._id, { index: 0 });
    expect(first.index).toBe(0);
    const list = await api.characters(ann, starter._id);
    expect(list.map((c) => c._id)).toEqual([first._id, list[1]!._id, added._id]);
    expect(list[1]!.name).toBe('Mara');
    expectIndexes(list);
  });

  it('renames through title (as the tiles edit it) or through name', async () => {
    const { list } = await movieWithCharacters('Mara');
    const mara = (await list())[0]!;
    const byTitle = await api.updateCharacter(ann, mara, { title: 'Marianne', description: 'A sailor' });
    expect(byTitle).toMatchObject({ name: 'Marianne', title: 'Marianne', description: 'A sailor' });
    const byName = await api.updateCharacter(ann, byTitle, { name: 'Mia' });
    expect(byName).toMatchObject({ name: 'Mia', title: 'Mia', description: 'A sailor' });
  });

  it('reorders, copies right after and deletes with the indexes kept contiguous', async () => {
    const { list } = await movieWithCharacters('Ann', 'Bob', 'Cy');
    const [ann0, bob] = await list();
    await api.updateCharacter(ann, ann0!, { index: 2 });
    expect(titles(await list())).toEqual(['Bob', 'Cy', 'Ann']);

    const copy = await api.ok<Character>(ann, 'POST', `/characters/copy/${bob!._id}`);
    expect(copy).toMatchObject({ name: 'Bob', index: 1 });
    expect(titles(await list())).toEqual(['Bob', 'Bob', 'Cy', 'Ann']);

    expect((await api.call(ann, 'DELETE', `/characters/${bob!._id}`)).statusCode).toBe(200);
    const remaining = await list();
    expect(titles(remaining)).toEqual(['Bob', 'Cy', 'Ann']);
    expect(remaining[0]!._id).toBe(copy._id);
    expectIndexes(remaining);
  });
});
