import type { Cut, Shot } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shots } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { addTake, makeMedia, STILL_PNG } from '../../services/exports/exports-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { startListeningTestApp } from '../assets/listening-test-app';

let t: TestApp;
let m: GenerationMovie;
let stranger: SignedInUser;
let sceneId: string;
let slateShotId: string;

beforeAll(async () => {
  t = await startListeningTestApp();
  m = await generationMovie(t);
  stranger = await signIn(t, 'stranger@example.com');
  const [video, still] = m.shotIds as [string, string];
  const [row] = await t.db.select().from(shots).where(eq(shots.id, video));
  sceneId = row!.sceneId;
  // Shot 1: a 2 s video with a sound take under it; shot 2: two stills, the older one chosen.
  await addTake(t, m, { shotId: video, type: 'video', bytes: makeMedia('video', 2), ext: 'webm' });
  await addTake(t, m, { shotId: video, type: 'audio', bytes: makeMedia('audio', 1), ext: 'wav' });
  await addTake(t, m, { shotId: still, type: 'image', bytes: STILL_PNG, ext: 'png', useAsInput: true });
  await addTake(t, m, { shotId: still, type: 'image', bytes: STILL_PNG, ext: 'png' });
  // Shot 3: no take yet, a slate.
  const created = await call('POST', `/shots?scene_id=${sceneId}&movie_id=${m.movieId}`);
  slateShotId = created.json<Shot>()._id;
  await call('POST', `/shots/update/${slateShotId}`, {
    description: 'Gulls lift off',
    dialogue: 'Mara: Go!',
  });
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST', url: string, payload?: object, user: SignedInUser = m.user) {
  return t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { cookie: user.cookie } });
}

describe('shot durations', () => {
  it('keeps a duration set on the shot and goes back to the take length when it is cleared', async () => {
    const still = m.shotIds[1]!;
    const set = await call('POST', `/shots/update/${still}`, { duration: 4.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', `/shots/${still}`)).json<Shot>().duration).toBe(4.5);
    await call('POST', `/shots/update/${slateShotId}`, { duration: 2 });
    const cleared = await call('POST', `/shots/update/${slateShotId}`, { duration: null });
    expect(cleared.json<Shot>().duration).toBeNull();
  });

  it('refuses a duration under half a second or over ten minutes', async () => {
    for (const duration of [0.1, 601, 'long']) {
      const response = await call('POST', `/shots/update/${m.shotIds[1]}`, { duration });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toMatch(/duration/);
    }
  });
});

describe('the cut', () => {
  it("plays every shot in order with the export's chosen takes and each shot's length", async () => {
    const response = await call('GET', `/cut/movie/${m.movieId}`);
    expect(response.statusCode, response.body).toBe(200);
    const cut = response.json<Cut>();
    const summary = cut.shots.map((s) => [
      s.scene_number,
      s.shot_number,
      s.picture?.kind ?? null,
      s.sound?.kind ?? null,
      s.duration,
      Number(s.seconds.toFixed(2)),
    ]);
    expect(summary).toEqual([
      // The video plays its length (read from the file's header), the sound under it.
      [1, 1, 'video', 'audio', null, 2],
      // The still holds for the duration set on the shot.
      [1, 2, 'image', null, 4.5, 4.5],
      // No take: a slate for the movie's still duration.
      [1, 3, null, null, null, 3],
    ]);
    expect(cut.shots[1]!.picture!.url).toMatch(/output\.png$/);
    // The use-as-input still, not the newer one.
    const chosen = await call('GET', `/generations/shot/${m.shotIds[1]}`);
    const useAsInput = chosen.json<{ _id: string; use_as_input: boolean }[]>().find((g) => g.use_as_input);
    expect(cut.shots[1]!.picture!.generation_id).toBe(useAsInput!._id);
    expect(cut.shots[2]).toMatchObject({ description: 'Gulls lift off', dialogue: 'Mara: Go!' });
    expect(Number(cut.seconds.toFixed(2))).toBe(9.5);
  });

  it("plays one scene, and refuses another user's movie", async () => {
    const scene = (await call('GET', `/cut/movie/${m.movieId}?scene_id=${sceneId}`)).json<Cut>();
    expect(scene.shots).toHaveLength(3);
    expect((await call('GET', `/cut/movie/${m.movieId}`, undefined, stranger)).statusCode).toBe(403);
  });
});
