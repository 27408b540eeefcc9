import type { Movie, UserAsset } from '@cinegraph/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetClient } from '../routes/assets/asset-test-client';
import { editorClient } from '../routes/editor/editor-test-client';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue 24, finding 5: a member who joined a movie by its share link, refused the owner's private
 * upload, put its address in a primitive of the shared movie; the file then answered its bytes. Using
 * a file in a movie grants its bytes to members only when its owner put it there.
 */

let t: TestApp;
let files: ReturnType<typeof assetClient>;
let editor: ReturnType<typeof editorClient>;
let owner: SignedInUser;
let member: SignedInUser;
let movie: Movie;
let secret: UserAsset;

beforeAll(async () => {
  t = await createTestApp();
  files = assetClient(t);
  editor = editorClient(t);
  owner = await signIn(t, 'owner@example.com');
  member = await signIn(t, 'member@example.com');
  movie = await editor.newMovie(owner);
  const shared = await editor.ok<{ share_url: string }>(owner, 'POST', `/share_movie/${movie._id}`);
  await editor.ok(
    member,
    'POST',
    `/add_shared_movie/${shared.share_url.split('/').at(-1)}/user/${member.userId}`,
  );
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#222' } })
    .png()
    .toBuffer();
  secret = await files.upload(owner, 'image', 'private.png', png);
});
afterAll(() => t.close());

const read = async (user: SignedInUser) =>
  (await files.call(user, 'GET', secret.url.replace('http://localhost:3000/api/v1', ''))).statusCode;
const primitive = (value: string) => ({
  name: 'Ref',
  type: 'primitive' as const,
  level: 'movie' as const,
  value,
});

describe("a co-member and the owner's private upload", () => {
  it('cannot grant themselves its bytes by using its address in the shared movie', async () => {
    expect(await read(member)).toBe(403);
    const used = await editor.call(member, 'POST', `/editor/node/${movie._id}`, primitive(secret.url));
    expect(used.statusCode).toBe(403);
    expect(used.json()).toEqual({ detail: 'An input uses a file you do not have access to.' });
    // Nor in the movie's inputs, nor as a bare URL-encoded key in any text.
    const inputs = await editor.call(member, 'POST', `/movies/update/${movie._id}`, {
      inputs: [{ node_id: 'n1', type: 'image', name: 'Backdrop', value: secret.url }],
    });
    expect(inputs.statusCode).toBe(403);
    const encodedKey = secret.url.split('key=')[1]!;
    expect(encodedKey).toMatch(/^users%2F/);
    const renamed = await editor.call(member, 'POST', `/movies/update/${movie._id}`, { title: encodedKey });
    expect(renamed.statusCode).toBe(403);
    expect(await read(member)).toBe(403);
  });

  it('reads it once the owner uses it in the movie, and may then work with it there', async () => {
    await editor.addNode(owner, movie._id, primitive(secret.url));
    expect(await read(member)).toBe(302);
    const again = await editor.call(member, 'POST', `/editor/node/${movie._id}`, primitive(secret.url));
    expect(again.statusCode, again.body).toBe(200);
  });
});
