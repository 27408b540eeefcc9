import { CURATED_MESSAGES, type CuratedMedia, type Movie } from '@cinegraph/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, nodes, users } from '../../db/schema';
import { storedFileUrl } from '../../services/assets/stored-files';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storyboardClient, type StoryboardClient } from '../storyboard/storyboard-test-client';

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;
let api: StoryboardClient;

beforeAll(async () => {
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
  await t.db.update(users).set({ nickname: 'Ann Lee' }).where(eq(users.id, ann.userId));
});
afterAll(async () => t.close());

/** A finished take of the movie's first workflow node with its output file in storage. */
async function take(movie: Movie, userId: string, type: 'image' | 'video' | 'audio', useAsInput: boolean) {
  const [node] = await t.db
    .select()
    .from(nodes)
    .where(and(eq(nodes.movieId, movie._id), eq(nodes.type, 'workflow')));
  const [row] = await t.db
    .insert(generations)
    .values({
      movieId: movie._id,
      workflowNodeId: node!.id,
      userId,
      level: 'shot',
      status: 'success',
      useAsInput,
    })
    .returning();
  const key = `movies/${movie._id}/generations/${row!.id}/out.${type === 'image' ? 'png' : type === 'video' ? 'mp4' : 'mp3'}`;
  await t.storage.put(key, Buffer.from('take'), 'application/octet-stream');
  const output = { type, url: storedFileUrl(t.config.publicUrl, key), display_image: null };
  await t.db.update(generations).set({ output }).where(eq(generations.id, row!.id));
  return { id: row!.id, key };
}

const curated = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/analytics/get_curated_videos' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CuratedMedia[]>();
};
const readFile = (address: string) => t.app.inject({ method: 'GET', url: address });

describe('curated media', () => {
  it('shows nothing of a movie until its owners switch on sharing takes (off by default)', async () => {
    const movie = await api.starterMovie(ann);
    expect(movie.share_takes_with_community).toBe(false);
    const marked = await take(movie, ann.userId, 'image', true);
    expect(await curated()).toEqual([]);
    const direct = `/api/v1/community/file?key=${encodeURIComponent(marked.key)}`;
    expect((await readFile(direct)).statusCode).toBe(403);

    const updated = await api.ok<Movie>(ann, 'POST', `/movies/update/${movie._id}`, {
      share_takes_with_community: true,
    });
    expect(updated.share_takes_with_community).toBe(true);
    const [item] = await curated();
    expect(item).toEqual({
      _id: marked.id,
      output: { type: 'image', url: direct, display_image: null },
      user_name: 'Ann Lee',
      movie_id: movie._id,
    });
    expect((await readFile(item!.output.url)).statusCode).toBe(302);
  });

  it('lists only marked takes, leaves out audio, and names no user it does not know', async () => {
    const movie = await api.starterMovie(bob);
    await api.ok(bob, 'POST', `/movies/update/${movie._id}`, { share_takes_with_community: true });
    const video = await take(movie, bob.userId, 'video', true);
    const audio = await take(movie, bob.userId, 'audio', true);
    const unmarked = await take(movie, bob.userId, 'image', false);
    const ids = (await curated()).filter((m) => m.movie_id === movie._id);
    expect(ids.map((m) => [m._id, m.output.type, m.user_name])).toEqual([[video.id, 'video', null]]);
    for (const hidden of [audio, unmarked]) {
      expect(
        (await readFile(`/api/v1/community/file?key=${encodeURIComponent(hidden.key)}`)).statusCode,
      ).toBe(403);
    }
    expect(CURATED_MESSAGES.unknownUser).toBe('Unknown User');
  });

  it("lets only a member switch a movie's sharing", async () => {
    const movie = await api.starterMovie(ann);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/movies/update/${movie._id}`,
      payload: { share_takes_with_community: true },
      headers: { cookie: bob.cookie },
    });
    expect(response.statusCode).toBe(403);
  });
});
