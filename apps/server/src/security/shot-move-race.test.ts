import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectIndexes,
  storyboardClient,
  type StoryboardClient,
} from '../routes/storyboard/storyboard-test-client';
import { signIn, type SignedInUser } from '../test/sign-in';
import { untilAppWaitsForLock } from '../test/lock-waits';
import { createTestApp, type TestApp } from '../test/test-app';

// Two connections racing need a server: PGlite has one connection, so this runs in CI's PostgreSQL pass.
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let ann: SignedInUser;
let api: StoryboardClient;
let other: pg.Client;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'racer@example.com');
  other = new pg.Client({ connectionString: t.database.url });
  await other.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await other.end();
  await t.close();
});

async function sceneWithThreeShots() {
  const movie = await api.newMovie(ann);
  const scene = await api.addScene(ann, movie._id);
  for (let i = 0; i < 3; i++) await api.addShot(ann, scene);
  return { scene, shots: await api.shots(ann, scene._id) };
}

/**
 * Runs `deletion` in the second connection's transaction, holding the scene's row lock as the studio's
 * own deletions do; sends `request` while it is open (the route has already found the shot), lets it queue
 * behind the lock, then commits: the request continues on rows deleted under it.
 */
async function whileDeleting(
  sceneId: string,
  deletion: string,
  params: unknown[],
  request: () => Promise<Response>,
) {
  await other.query('begin');
  await other.query('select id from scenes where id = $1 for no key update', [sceneId]);
  await other.query(deletion, params);
  const answer = request();
  await untilAppWaitsForLock(other);
  await other.query('commit');
  return answer;
}

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

const move = (shotId: string, index: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/shots/update/${shotId}`,
    headers: { cookie: ann.cookie },
    payload: { index },
  });

describe.runIf(onPostgres)('a shot move racing its deletion (PostgreSQL)', () => {
  it('answers 404 with a detail when the shot is deleted under the move, and writes nothing', async () => {
    const { scene, shots } = await sceneWithThreeShots();
    const [first, second, third] = shots;
    const answer = await whileDeleting(
      scene._id,
      `with gone as (delete from shots where id = $1 returning index)
       update shots set index = index - 1 where scene_id = $2 and index > (select index from gone)`,
      [first!._id, scene._id],
      () => move(first!._id, 2),
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ detail: string }>().detail).toBeTruthy();

    const left = await api.shots(ann, scene._id);
    expect(left.map((shot) => shot._id)).toEqual([second!._id, third!._id]);
    expectIndexes(left);
  });

  it('answers 404 with a detail when the whole scene is deleted under the move', async () => {
    const { scene, shots } = await sceneWithThreeShots();
    const answer = await whileDeleting(scene._id, 'delete from scenes where id = $1', [scene._id], () =>
      move(shots[2]!._id, 0),
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ detail: string }>().detail).toBeTruthy();
    const { rows } = await other.query('select id from shots where scene_id = $1', [scene._id]);
    expect(rows).toEqual([]);
  });
});
