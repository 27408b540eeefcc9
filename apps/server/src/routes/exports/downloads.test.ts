import type { DownloadGenerationsResponse, Generation } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodes } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import {
  addTake,
  connectedDownloadNode,
  makeMedia,
  STILL_PNG,
  unzipEntry,
  unzipList,
} from '../../services/exports/exports-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let m: GenerationMovie;
let downloadNodeId: string;
let stranger: SignedInUser;
const video = makeMedia('video', 1);

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  downloadNodeId = await connectedDownloadNode(t, m);
  stranger = await signIn(t, 'stranger@example.com');
});
afterAll(() => t.close());

const get = (url: string, user: SignedInUser = m.user) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
const downloadPath = (all: boolean, nodeId = downloadNodeId, movieId = m.movieId) =>
  `/api/v1/utils/download_generations/${nodeId}/movie/${movieId}/download_downloaded/${all}`;
const generation = async (id: string) => (await get(`/api/v1/generations/${id}`)).json<Generation>();
/** The zip at the address the studio hands its page (with its receipt). */
const zipPath = async (all: boolean) =>
  (await get(downloadPath(all)))
    .json<DownloadGenerationsResponse>()
    .download_url.replace('http://localhost:3000', '');

describe('the Download node zip', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const [shot1, shot2] = m.shotIds as [string, string];
    ids.notChosen = await addTake(t, m, { shotId: shot1, type: 'image', bytes: STILL_PNG, ext: 'png' });
    ids.still = await addTake(t, m, {
      shotId: shot1,
      type: 'image',
      bytes: STILL_PNG,
      ext: 'png',
      useAsInput: true,
      seed: '42',
    });
    ids.video = await addTake(t, m, {
      shotId: shot2,
      type: 'video',
      bytes: video,
      ext: 'webm',
      useAsInput: true,
    });
  });

  it('answers the address of the zip and how many takes it holds', async () => {
    const response = await get(downloadPath(true));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DownloadGenerationsResponse>();
    expect(body.count).toBe(2);
    expect(body.download_url).toMatch(
      new RegExp(`^http://localhost:3000${downloadPath(true)}/zip\\?receipt=[\\w-]{43}$`),
    );
  });

  it('zips the use-as-input takes named {scene}-{shot}-{shot}-{take}.{ext} with a manifest, then marks them downloaded', async () => {
    const response = await get(await zipPath(true));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('takes.zip');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);

    const zip = response.rawPayload;
    expect(unzipList(zip)).toEqual([
      '1-1-Mara walks along the pier, looking at-2.png',
      '1-2-Close-up of Mara smiling as the sun-1.webm',
      'manifest.json',
    ]);
    expect(unzipEntry(zip, '1-2-Close-up of Mara smiling as the sun-1.webm').equals(video)).toBe(true);
    const manifest = JSON.parse(unzipEntry(zip, 'manifest.json').toString());
    expect(manifest.takes[0]).toMatchObject({
      file: '1-1-Mara walks along the pier, looking at-2.png',
      scene: { index: 1, title: 'Harbour at Dawn' },
      shot: { index: 1, description: 'Mara walks along the pier, looking at the fishing boats.' },
      take: 2,
      status: 'success',
      seed: 42,
      workflow_inputs: { 'input-1': { type: 'text', name: 'Prompt', value: 'a harbour at dawn' } },
    });
    expect(manifest.takes[1]).toMatchObject({ take: 1, seed: null, type: 'video' });
    // The template gives shot 2 its camera angle as an input of the shot, not as its field.
    expect(manifest.takes[1].shot.camera_angle).toBe('Close-up');

    expect((await generation(ids.still!)).downloaded).toBe(true);
    expect((await generation(ids.video!)).downloaded).toBe(true);
    expect((await generation(ids.notChosen!)).downloaded).toBe(false);
  });

  it('downloads only takes not downloaded before with download_downloaded false, and says when there are none', async () => {
    const none = await get(downloadPath(false));
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(
      'No new takes to download: every take marked "Use as input" was downloaded before.',
    );
    const fresh = await addTake(t, m, {
      shotId: m.shotIds[1]!,
      type: 'image',
      bytes: STILL_PNG,
      ext: 'png',
      useAsInput: true,
    });
    const response = await get(await zipPath(false));
    expect(unzipList(response.rawPayload)).toEqual([
      '1-2-Close-up of Mara smiling as the sun-2.png',
      'manifest.json',
    ]);
    expect((await generation(fresh)).downloaded).toBe(true);
    // Download All still hands out everything marked use-as-input.
    expect((await get(downloadPath(true))).json<DownloadGenerationsResponse>().count).toBe(3);
  });

  it('hands out one take under its download name (the button marks it downloaded by a POST)', async () => {
    const response = await get(`/api/v1/generations/${ids.notChosen}/download`);
    expect(response.statusCode).toBe(302);
    const file = await t.app.inject({
      method: 'GET',
      url: response.headers.location!.replace('http://localhost:3000', ''),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('1-1-Mara walks along the pier, looking at-1.png');
    expect(file.rawPayload.equals(STILL_PNG)).toBe(true);
    expect((await generation(ids.notChosen!)).downloaded).toBe(false);
  });
});

describe('download refusals', () => {
  it('refuses a node that is not a Download node, and a Download node with nothing connected', async () => {
    const notDownload = await get(downloadPath(true, m.nodeId));
    expect(notDownload.statusCode).toBe(400);
    expect(notDownload.json().detail).toBe('Only a Download node downloads takes.');

    const other = await generationMovie(t, 'second@example.com');
    const rows = await t.db.select().from(nodes).where(eq(nodes.movieId, other.movieId));
    const loose = rows.find((n) => n.utilityKind === 'download')!;
    const response = await get(downloadPath(true, loose.id, other.movieId), other.user);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Connect a workflow node to this Download node first.');
  });

  it('says to mark takes first when none of the connected workflow is marked use-as-input', async () => {
    const other = await generationMovie(t, 'fourth@example.com');
    const nodeId = await connectedDownloadNode(t, other);
    await addTake(t, other, { shotId: other.shotIds[0]!, type: 'image', bytes: STILL_PNG, ext: 'png' });
    for (const all of [true, false]) {
      const response = await get(downloadPath(all, nodeId, other.movieId), other.user);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(
        'No takes to download: mark the takes you want as "Use as input" first.',
      );
    }
  });

  it("refuses another user's movie, node and take with 403, and a node of another movie with 404", async () => {
    expect((await get(downloadPath(true), stranger)).statusCode).toBe(403);
    expect((await get(`${downloadPath(true)}/zip`, stranger)).statusCode).toBe(403);
    const [take] = (await get(`/api/v1/generations/shot/${m.shotIds[0]}`)).json<Generation[]>();
    expect((await get(`/api/v1/generations/${take!._id}/download`, stranger)).statusCode).toBe(403);
    const other = await generationMovie(t, 'third@example.com');
    const response = await get(downloadPath(true, downloadNodeId, other.movieId), other.user);
    expect(response.statusCode).toBe(404);
  });

  it('refuses without a session (401) and with a malformed flag or id (400)', async () => {
    expect((await t.app.inject({ method: 'GET', url: downloadPath(true) })).statusCode).toBe(401);
    expect((await get(downloadPath(true).replace(/true$/, 'maybe'))).statusCode).toBe(400);
    expect((await get(downloadPath(true, 'not-an-id'))).statusCode).toBe(400);
  });
});
