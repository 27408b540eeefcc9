import type { MovieGenerationStatusCounts } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../../db/schema';
import { generate, generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let m: GenerationMovie;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  stranger = await signIn(t, 'stranger@example.com');
});
afterAll(() => t.close());

const statusOf = (movieId: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/status/movie/${movieId}`,
    headers: cookie ? { cookie } : {},
  });

describe("a movie's generation counts", () => {
  it("counts every workflow node's generations by status, as the per-node read does", async () => {
    expect((await statusOf(m.movieId, m.user.cookie)).json()).toEqual({});
    const [done, failed, pending, cancelled] = await generate(t, m, [m.shotIds[0]!], 4);
    await t.db.update(generations).set({ status: 'success' }).where(eq(generations.id, done!));
    await t.db.update(generations).set({ status: 'failed' }).where(eq(generations.id, failed!));
    await t.db.update(generations).set({ status: 'cancelled' }).where(eq(generations.id, cancelled!));
    expect(pending).toBeDefined();

    const response = await statusOf(m.movieId, m.user.cookie);
    expect(response.statusCode).toBe(200);
    const counts = response.json<MovieGenerationStatusCounts>();
    expect(Object.keys(counts)).toEqual([m.nodeId]);
    expect(counts[m.nodeId]).toEqual({
      pending: 1,
      queued: 0,
      running: 0,
      assigned: 0,
      success: 1,
      failed: 1,
    });
    const perNode = await t.app.inject({
      method: 'GET',
      url: `/api/v1/generations/status/${m.nodeId}`,
      headers: { cookie: m.user.cookie },
    });
    expect(perNode.json()).toEqual(counts[m.nodeId]);
  });

  it('asks for a session, and refuses a movie the user is not a member of', async () => {
    expect((await statusOf(m.movieId)).statusCode).toBe(401);
    expect((await statusOf(m.movieId, stranger.cookie)).statusCode).toBe(403);
  });
});
