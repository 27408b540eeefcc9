import { STORYBOARD_MESSAGES, type Description } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storyboardClient, type StoryboardClient } from './storyboard-test-client';

let t: TestApp;
let ann: SignedInUser;
let api: StoryboardClient;

beforeAll(async () => {
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'ann@example.com');
});
afterAll(async () => t.close());

const list = (movieId: string) =>
  api.ok<Description[]>(ann, 'GET', `/cinegraph_descriptions/movie/${movieId}`);

describe('descriptions', () => {
  it("writes a description per character, scene and movie input on first read, offline from what's written", async () => {
    const movie = await api.starterMovie(ann);
    const descriptions = await list(movie._id);
    expect(descriptions.map(({ type, description }) => ({ type, description }))).toEqual([
      { type: 'character', description: 'Mara.' },
      { type: 'location', description: 'Harbour at Dawn. An empty harbour at dawn, mist over the water.' },
      { type: 'concept', description: 'Style: cinematic, 35mm film, soft light.' },
    ]);
    // Mara's reference image ships with the template; the others have no image.
    expect(descriptions.map((d) => Boolean(d.id) && d.image_url?.endsWith('%2Fmara.png'))).toEqual([
      true,
      undefined,
      undefined,
    ]);
    expect(await list(movie._id)).toEqual(descriptions);
  });

  it('writes one for a character added later, with its image input as the image', async () => {
    const movie = await api.starterMovie(ann);
    await list(movie._id);
    const added = await api.addCharacter(ann, movie._id);
    const image = added.inputs.find((input) => input.type === 'image')!;
    await api.updateCharacter(ann, added, {
      title: 'Tom',
      description: 'An old fisherman',
      inputs: [{ ...image, value: '/storage/tom.png' }],
    });
    const tom = (await list(movie._id)).find((d) => d.description.startsWith('Tom'));
    expect(tom).toMatchObject({
      type: 'character',
      description: 'Tom. An old fisherman.',
      image_url: '/storage/tom.png',
    });
  });

  it('updates the text, refusing an empty one with the spec message', async () => {
    const movie = await api.starterMovie(ann);
    const [mara] = await list(movie._id);
    const saved = await api.ok<Description>(ann, 'POST', `/cinegraph_descriptions/update-text/${mara!.id}`, {
      description: '  A young sailor with a red scarf. ',
    });
    expect(saved).toEqual({ ...mara, description: 'A young sailor with a red scarf.' });
    expect((await list(movie._id))[0]).toEqual(saved);

    const empty = await api.call(ann, 'POST', `/cinegraph_descriptions/update-text/${mara!.id}`, {
      description: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(STORYBOARD_MESSAGES.descriptionEmpty);
    expect((await list(movie._id))[0]!.description).toBe('A young sailor with a red scarf.');
  });

  it('deletes a description for good: the next read does not write it again', async () => {
    const movie = await api.starterMovie(ann);
    const [mara, ...rest] = await list(movie._id);
    const deleted = await api.call(ann, 'DELETE', `/cinegraph_descriptions/${mara!.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await list(movie._id)).toEqual(rest);
    const again = await api.call(ann, 'DELETE', `/cinegraph_descriptions/${mara!.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('has no descriptions for a blank movie', async () => {
    const movie = await api.newMovie(ann);
    await api.addScene(ann, movie._id);
    expect(await list(movie._id)).toEqual([]);
  });
});
