import type { SignedInUser } from '../apps/server/src/test/sign-in';
import type { TestApp } from '../apps/server/src/test/test-app';

/** A new movie of the user, made through the API as the studio makes one (with the template's nodes). */
export async function newMovie(t: TestApp, user: SignedInUser): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/movies?user_id=${user.userId}`,
    headers: { cookie: user.cookie },
  });
  if (created.statusCode !== 200) throw new Error(`new movie: ${created.body}`);
  return created.json<{ _id: string }>()._id;
}
