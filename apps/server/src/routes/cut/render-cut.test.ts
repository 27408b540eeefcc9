import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CutRender } from '@cinegraph/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutRenders, movieMembers, movies, shots } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { startCutRenderer, type CutRenderer } from '../../services/cut/cut-renderer';
import { addTake, makeMedia, STILL_PNG } from '../../services/exports/exports-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { startListeningTestApp } from '../assets/listening-test-app';

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
if (!hasFfmpeg)
  console.warn('Render cut tests skipped: ffmpeg is not on the PATH (Debian: apt-get install -y ffmpeg).');

let t: TestApp & { baseUrl: string };
let m: GenerationMovie;
let member: SignedInUser;
let renderer: CutRenderer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'render-cut-'));

beforeAll(async () => {
  t = await startListeningTestApp();
  m = await generationMovie(t);
  member = await signIn(t, 'editor@example.com');
  await t.db.insert(movieMembers).values({ movieId: m.movieId, userId: member.userId });
  const [video, still] = m.shotIds as [string, string];
  // Shot 1: a 2 s video with a 1 s sound under it; shot 2: a still held 1.5 s; shot 3: a 1 s slate.
  await addTake(t, m, { shotId: video, type: 'video', bytes: makeMedia('video', 2), ext: 'webm' });
  await addTake(t, m, { shotId: video, type: 'audio', bytes: makeMedia('audio', 1), ext: 'wav' });
  await addTake(t, m, { shotId: still, type: 'image', bytes: STILL_PNG, ext: 'png' });
  await t.db.update(shots).set({ durationSeconds: 1.5 }).where(eq(shots.id, still));
  await t.db.update(movies).set({ stillDuration: 1 }).where(eq(movies.id, m.movieId));
  const [first] = await t.db.select().from(shots).where(eq(shots.id, video));
  await t.db
    .insert(shots)
    .values({ movieId: m.movieId, sceneId: first!.sceneId, index: 2, description: 'Gulls' });
  renderer = startCutRenderer(
    t.db,
    { storage: t.storage, publicUrl: t.config.publicUrl },
    console,
    3_600_000,
  );
}, 60_000);
afterAll(async () => {
  await renderer.stop();
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const url = `/api/v1/cut/render/movie/`;
const call = (method: 'GET' | 'POST', user: SignedInUser, payload?: object) =>
  t.app.inject({ method, url: `${url}${m.movieId}`, payload, headers: { cookie: user.cookie } });

function probe(file: string) {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as {
    format: { duration: string; format_name: string };
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      r_frame_rate?: string;
      sample_rate?: string;
      channels?: number;
    }[];
  };
}

async function download(render: CutRender): Promise<string> {
  const response = await fetch(render.download_url!);
  expect(response.status).toBe(200);
  const file = path.join(work, `${Date.now()}.mp4`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

describe.skipIf(!hasFfmpeg)('render cut (needs ffmpeg)', () => {
  it('renders the cut to one MP4 of H.264 and AAC at the chosen size and rate, as long as the cut', async () => {
    const queued = await call('POST', m.user, { frame_rate: '25', resolution: '1280x720' });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json<CutRender>()).toMatchObject({
      status: 'pending',
      download_url: null,
      unavailable: null,
    });
    // One render at a time per user and movie.
    const again = await call('POST', m.user, { frame_rate: '24' });
    expect(again.statusCode).toBe(409);

    // Another member's render of the same movie is theirs, and one cut off by a restart (running, its
    // server's lease run out) is taken up again by the renderer.
    await call('POST', member, { frame_rate: '24', resolution: '1024x1024' });
    await t.db
      .update(cutRenders)
      .set({ status: 'running', attempts: 1, progress: 0.4, leaseUntil: new Date(Date.now() - 1000) })
      .where(and(eq(cutRenders.movieId, m.movieId), eq(cutRenders.userId, member.userId)));

    await renderer.poll();
    await renderer.settled();

    const mine = (await call('GET', m.user)).json<CutRender>();
    expect(mine).toMatchObject({ status: 'success', progress: 1, frame_rate: '25', resolution: '1280x720' });
    expect(mine.seconds).toBeCloseTo(4.5, 5);
    const info = probe(await download(mine));
    expect(info.format.format_name).toContain('mp4');
    expect(Number(info.format.duration)).toBeGreaterThan(4.4);
    expect(Number(info.format.duration)).toBeLessThan(4.7);
    expect(info.streams.map((s) => [s.codec_type, s.codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(info.streams[0]).toMatchObject({ width: 1280, height: 720, r_frame_rate: '25/1' });
    expect(info.streams[1]).toMatchObject({ sample_rate: '48000', channels: 2 });

    const theirs = (await call('GET', member)).json<CutRender>();
    expect(theirs).toMatchObject({ status: 'success', resolution: '1024x1024' });
    expect(probe(await download(theirs)).streams[0]).toMatchObject({
      width: 1024,
      height: 1024,
      r_frame_rate: '24/1',
    });
    expect(theirs.download_url).not.toBe(mine.download_url);
  }, 120_000);

  it('keeps the file until the next render, which replaces it', async () => {
    const [before] = await t.db.select().from(cutRenders).where(eq(cutRenders.userId, m.user.userId));
    expect(await t.storage.head(before!.storageKey!)).not.toBeNull();
    const next = await call('POST', m.user, { frame_rate: '30' });
    expect(next.json<CutRender>()).toMatchObject({ status: 'pending', download_url: null });
    expect(await t.storage.head(before!.storageKey!)).toBeNull();
  });

  it("refuses a stranger's render of the movie", async () => {
    const stranger = await signIn(t, 'stranger@example.com');
    expect((await call('POST', stranger, { frame_rate: '24' })).statusCode).toBe(403);
    expect((await call('GET', stranger)).statusCode).toBe(403);
  });
});
