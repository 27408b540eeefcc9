import type { Movie, UserAsset } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movies } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient } from '../editor/editor-test-client';
import { assetClient } from './asset-test-client';

let t: TestApp;
let files: ReturnType<typeof assetClient>;
let editor: ReturnType<typeof editorClient>;
let ann: SignedInUser;
let ben: SignedInUser;
let cid: SignedInUser;
let movie: Movie;

beforeAll(async () => {
  t = await createTestApp();
  files = assetClient(t);
  editor = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
  ben = await signIn(t, 'ben@example.com');
  cid = await signIn(t, 'cid@example.com');
  movie = await editor.newMovie(ann);
  const shared = await editor.ok<{ share_url: string }>(ann, 'POST', `/share_movie/${movie._id}`);
  const token = shared.share_url.split('/').at(-1)!;
  await editor.ok(ben, 'POST', `/add_shared_movie/${token}/user/${ben.userId}`);
});
afterAll(() => t.close());

const image = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
/** The stable address as the file route takes it. */
const readPath = (url: string) => url.replace('http://localhost:3000/api/v1', '');
const status = async (user: SignedInUser, url: string) =>
  (await files.call(user, 'GET', readPath(url))).statusCode;
const primitive = (value: string) => ({
  name: 'Reference',
  type: 'primitive' as const,
  level: 'movie' as const,
  value,
});

describe("reading another member's upload used in a shared movie", () => {
  let used: UserAsset;
  beforeAll(async () => {
    used = await files.upload(ann, 'image', 'hero.png', await image());
    await editor.addNode(ann, movie._id, primitive(used.url));
  });

  it('lets a member read the file and its display copy, not an outsider', async () => {
    expect(await status(ben, used.url)).toBe(302);
    expect(used.display_image).not.toBe(used.url);
    expect(await status(ben, used.display_image!)).toBe(302);
    expect(await status(cid, used.url)).toBe(403);
    expect(await status(cid, used.display_image!)).toBe(403);
  });

  it('keeps files the movie does not use private, even from members', async () => {
    const unused = await files.upload(ann, 'image', 'private.png', await image());
    expect(await status(ben, unused.url)).toBe(403);
  });

  it("finds a file used in the movie's inputs as well as in nodes", async () => {
    const backdrop = await files.upload(ann, 'image', 'backdrop.png', await image());
    expect(await status(ben, backdrop.url)).toBe(403);
    await t.db
      .update(movies)
      .set({ inputs: [{ node_id: 'n1', type: 'image', name: 'Backdrop', value: backdrop.url }] })
      .where(eq(movies.id, movie._id));
    expect(await status(ben, backdrop.url)).toBe(302);
  });

  it('gives an outsider nothing for pasting the address into a movie of their own: the write is refused', async () => {
    const own = await editor.newMovie(cid);
    const pasted = await editor.call(cid, 'POST', `/editor/node/${own._id}`, primitive(used.url));
    expect(pasted.statusCode).toBe(403);
    expect(await status(cid, used.url)).toBe(403);
  });
});
