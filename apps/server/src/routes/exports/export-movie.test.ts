import { readOtioClips } from '@cinegraph/timeline';
import { assertWellFormed, count, xpath } from '@cinegraph/timeline/xmllint';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shots } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import {
  addTake,
  makeMedia,
  STILL_PNG,
  unzipEntry,
  unzipList,
} from '../../services/exports/exports-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { startListeningTestApp } from '../assets/listening-test-app';

let t: TestApp;
let m: GenerationMovie;
let stranger: SignedInUser;
const video = makeMedia('video', 2);
const sound = makeMedia('audio', 1.5);

beforeAll(async () => {
  // Listening, so ffprobe can read the takes over their presigned links as it does in production.
  t = await startListeningTestApp();
  m = await generationMovie(t);
  stranger = await signIn(t, 'stranger@example.com');
  const [shot1, shot2] = m.shotIds as [string, string];
  // Shot 1: two stills, the older one marked use-as-input (it wins over the newer); shot 2: a video
  // (newest success, nothing marked) and a sound take.
  await addTake(t, m, { shotId: shot1, type: 'image', bytes: STILL_PNG, ext: 'png', useAsInput: true });
  await addTake(t, m, { shotId: shot1, type: 'image', bytes: STILL_PNG, ext: 'png' });
  await addTake(t, m, { shotId: shot2, type: 'image', bytes: STILL_PNG, ext: 'png' });
  await addTake(t, m, { shotId: shot2, type: 'video', bytes: video, ext: 'webm' });
  await addTake(t, m, { shotId: shot2, type: 'audio', bytes: sound, ext: 'wav' });
});
afterAll(() => t.close());

const get = (url: string, user: SignedInUser = m.user) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: user.cookie } });

async function exportZip(query: string) {
  const response = await get(`/export/movie/${m.movieId}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return response.rawPayload;
}

const STILL = 'media/1-1-Mara walks along the pier, looking at-1.png';
const VIDEO = 'media/1-2-Close-up of Mara smiling as the sun-2.webm';
const SOUND = 'media/1-2-Close-up of Mara smiling as the sun-3.wav';
const encoded = (path: string) => path.split('/').map(encodeURIComponent).join('/');
const decoded = (url: string) => url.split('/').map(decodeURIComponent).join('/');

describe('export of the movie as a timeline', () => {
  it('zips an FCP 7 XML timeline with media/ holding the chosen take of every shot', async () => {
    const zip = await exportZip('format=fcp7&frame_rate=25&width=1280&height=720');
    const names = unzipList(zip);
    expect(names.sort()).toEqual(['Untitled Movie.xml', SOUND, STILL, VIDEO].sort());
    expect(unzipEntry(zip, VIDEO).equals(video)).toBe(true);
    const xml = unzipEntry(zip, 'Untitled Movie.xml').toString();
    assertWellFormed(xml);
    expect(xpath(xml, '/xmeml/sequence/rate/timebase')).toBe('25');
    expect(xpath(xml, '/xmeml/sequence/media/video/format/samplecharacteristics/width')).toBe('1280');
    // The still lasts the default 3 s (75 frames), the video its own 2 s read by ffprobe (50 frames).
    const clips = '/xmeml/sequence/media/video/track/clipitem';
    expect([1, 2].map((i) => xpath(xml, `${clips}[${i}]/end`))).toEqual(['75', '125']);
    expect(xpath(xml, `${clips}[1]/file/pathurl`)).toBe(encoded(STILL));
    expect(xpath(xml, '/xmeml/sequence/media/audio/track/clipitem/file/pathurl')).toBe(encoded(SOUND));
    expect(xpath(xml, '/xmeml/sequence/media/audio/track/clipitem/start')).toBe('75');
    expect(xpath(xml, '/xmeml/sequence/marker[2]/comment')).toBe(
      'Close-up of Mara smiling as the sun rises behind her.',
    );
  });

  it('writes OpenTimelineIO that reads back clip by clip onto files inside the zip', async () => {
    const zip = await exportZip('format=otio&frame_rate=23.976&still_duration=4');
    const clips = readOtioClips(unzipEntry(zip, 'Untitled Movie.otio').toString());
    // 4 s still at 24000/1001 -> 96 frames; the 2 s video holds 47 whole frames (47.95), the 1.5 s sound 35.
    expect(clips.map((c) => [c.kind, c.start, c.duration, decoded(c.targetUrl!)])).toEqual([
      ['Video', 0, 96, STILL],
      ['Video', 96, 47, VIDEO],
      ['Audio', 96, 35, SOUND],
    ]);
    const names = unzipList(zip);
    expect(clips.every((c) => names.includes(decoded(c.targetUrl!)))).toBe(true);
  });

  it('writes FCPXML 1.8 on the frame grid and a CMX3600 EDL', async () => {
    const fcpxml = unzipEntry(
      await exportZip('format=fcpxml&frame_rate=29.97'),
      'Untitled Movie.fcpxml',
    ).toString();
    assertWellFormed(fcpxml);
    expect(xpath(fcpxml, '/fcpxml/resources/format/@frameDuration')).toBe('1001/30000s');
    expect(count(fcpxml, '//spine/clip/video')).toBe(1);
    expect(xpath(fcpxml, '//spine/asset-clip/@offset')).toBe('3003/1000s');
    const edl = unzipEntry(await exportZip('format=edl&frame_rate=24'), 'Untitled Movie.edl').toString();
    expect(edl).toMatch(/^TITLE: Untitled Movie\nFCM: NON-DROP FRAME\n/);
    // The sound starts under the second shot: the audio track opens with black (event 2).
    expect(edl).toContain('002  BL       A     C        00:00:00:00 00:00:03:00 00:00:00:00 00:00:03:00');
    expect(edl).toContain('003  AX       V     C        00:00:00:00 00:00:02:00 00:00:03:00 00:00:05:00');
    expect(edl).toContain('* FROM FILE: media/1-2-Close-up of Mara smiling as the sun-2.webm');
  });

  it("lasts stills as long as the movie's still duration setting unless the export says otherwise", async () => {
    const update = (still_duration: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/movies/update/${m.movieId}`,
        headers: { cookie: m.user.cookie },
        payload: { still_duration },
      });
    expect((await update(0)).statusCode).toBe(400);
    const updated = await update(5);
    expect(updated.json().still_duration).toBe(5);
    const xml = unzipEntry(await exportZip('format=fcp7&frame_rate=25'), 'Untitled Movie.xml').toString();
    expect(xpath(xml, '/xmeml/sequence/media/video/track/clipitem[1]/end')).toBe('125');
    // A shot's own duration holds its still longer than the movie's setting: 2 s, 50 frames.
    const setDuration = (durationSeconds: number | null) =>
      t.db.update(shots).set({ durationSeconds }).where(eq(shots.id, m.shotIds[0]!));
    await setDuration(2);
    const held = unzipEntry(await exportZip('format=fcp7&frame_rate=25'), 'Untitled Movie.xml').toString();
    expect(xpath(held, '/xmeml/sequence/media/video/track/clipitem[1]/end')).toBe('50');
    await setDuration(null);
    await update(3);
  });

  it("answers the dialog the zip's address and take count, checked the same way as the zip", async () => {
    const link = await get(`/export/movie/${m.movieId}/link?format=otio&frame_rate=25&still_duration=4`);
    expect(link.statusCode, link.body).toBe(200);
    const { download_url, count } = link.json<{ download_url: string; count: number }>();
    expect(count).toBe(3); // shot 1's still, shot 2's video and its sound
    const url = new URL(download_url);
    expect(url.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(url.pathname).toBe(`/api/v1/export/movie/${m.movieId}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      format: 'otio',
      frame_rate: '25',
      width: '1920',
      height: '1080',
      still_duration: '4',
    });
    const zip = await get(`${url.pathname.replace('/api/v1', '')}${url.search}`);
    expect(unzipList(zip.rawPayload)).toContain('Untitled Movie.otio');
    expect((await get(`/export/movie/${m.movieId}/link?format=otio`, stranger)).statusCode).toBe(403);
    expect((await get(`/export/movie/${m.movieId}/link?format=avid`)).statusCode).toBe(400);
    const empty = await generationMovie(t, 'empty-link@example.com');
    const none = await get(`/export/movie/${empty.movieId}/link?format=edl`, empty.user);
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No shot of this movie has a successful take to export yet.');
  });

  it('refuses strangers (403), unknown formats (400) and a movie without takes (404)', async () => {
    expect((await get(`/export/movie/${m.movieId}?format=otio`, stranger)).statusCode).toBe(403);
    expect((await get(`/export/movie/${m.movieId}?format=avid`)).statusCode).toBe(400);
    expect((await get(`/export/movie/${m.movieId}?format=otio&frame_rate=60`)).statusCode).toBe(400);
    // Only another workflow's takes: this movie's prompt node has none.
    const nodes = await get(`/editor/nodes/${m.movieId}`);
    const prompt = nodes.json<{ _id: string; name: string }[]>().find((n) => n.name === 'Cinegraph Prompt')!;
    const none = await get(`/export/movie/${m.movieId}?format=otio&workflow_node_id=${prompt._id}`);
    expect(none.statusCode).toBe(404);
    const own = await get(`/export/movie/${m.movieId}?format=edl&workflow_node_id=${m.nodeId}`);
    expect(own.statusCode).toBe(200);
    const empty = await generationMovie(t, 'empty@example.com');
    const response = await get(`/export/movie/${empty.movieId}?format=otio`, empty.user);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('No shot of this movie has a successful take to export yet.');
  });
});
