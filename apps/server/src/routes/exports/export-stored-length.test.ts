import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ComfyClient } from '@cinegraph/comfy';
import { xpath } from '@cinegraph/timeline/xmllint';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { storeGenerationOutput } from '../../engine/store-outputs';
import { addTake, unzipEntry } from '../../services/exports/exports-test-support';
import type { TestApp } from '../../test/test-app';
import { startListeningTestApp } from '../assets/listening-test-app';

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-length-'));

/** A 2 s H.264 MP4 as a worker's video saver leaves it (moov at the end). */
function makeMp4(): Buffer {
  const file = path.join(dir, 'take.mp4');
  const source = 'color=c=navy:s=64x36:r=24:d=2';
  const codec = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', source, ...codec, file]);
  return fs.readFileSync(file);
}

/** A ComfyUI worker's `/view` answering with the one video it made. */
async function startVideoWorker(video: Buffer) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': String(video.length) });
    response.end(video);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A folder of links to the tools the test reads with, and nothing else. */
function toolsWithoutFfprobe(): string {
  const bin = path.join(dir, 'bin');
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(bin);
  for (const tool of ['unzip', 'xmllint']) {
    const found = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    fs.symlinkSync(found, path.join(bin, tool));
  }
  return bin;
}

let t: TestApp;
let m: GenerationMovie;
let worker: Awaited<ReturnType<typeof startVideoWorker>>;
const path0 = process.env.PATH;

beforeAll(async () => {
  if (!hasFfmpeg) return;
  worker = await startVideoWorker(makeMp4());
  t = await startListeningTestApp();
  m = await generationMovie(t);
}, 60_000);
afterAll(async () => {
  process.env.PATH = path0;
  worker?.server.close();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const exportEnd = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/export/movie/${m.movieId}?format=fcp7&frame_rate=25`,
    headers: { cookie: m.user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const xml = unzipEntry(response.rawPayload, 'Untitled Movie.xml').toString();
  return xpath(xml, '/xmeml/sequence/media/video/track/clipitem[1]/end');
};

describe.skipIf(!hasFfmpeg)('a video take exported where ffprobe is missing', () => {
  it("lasts the length its container stated when the worker's file was stored", async () => {
    // A take of the first shot whose output the engine stores from the worker, as after a run.
    const id = await addTake(t, m, {
      shotId: m.shotIds[0]!,
      type: 'video',
      bytes: Buffer.from('x'),
      ext: 'mp4',
    });
    const client = new ComfyClient({ baseUrl: worker.url, timeoutMs: 5000, transferTimeoutMs: 5000 });
    const outputs = {
      '9': {
        gifs: [
          {
            filename: 'AnimateDiff_00001.mp4',
            subfolder: '',
            type: 'output',
            format: 'video/h264-mp4',
            frame_rate: 24,
          },
        ],
      },
    };
    const store = { storage: t.storage, publicUrl: t.config.publicUrl };
    const stored = await storeGenerationOutput(store, client, { id, movieId: m.movieId }, outputs);
    expect(stored?.seconds).toBeCloseTo(2, 2);

    // ffprobe (and ffmpeg) out of reach: a PATH holding only the test's own readers (unzip, xmllint).
    process.env.PATH = toolsWithoutFfprobe();
    const setOutput = (output: typeof stored) =>
      t.db.update(generations).set({ output }).where(eq(generations.id, id));
    // The stored length comes first (a length no header states, to tell it apart): 4 s at 25 fps.
    await setOutput({ ...stored!, seconds: 4 });
    expect(await exportEnd()).toBe('100');
    // A take kept before lengths were stored: its MP4 header is read over range requests, 2 s.
    await setOutput({ ...stored!, seconds: undefined });
    expect(await exportEnd()).toBe('50');
  });

  it('lasts as a still when neither ffprobe, a stored length nor its header says how long', async () => {
    process.env.PATH = toolsWithoutFfprobe();
    // A WebM written through a pipe has no Duration in its header.
    const piped = execFileSync(
      'ffmpeg',
      [
        '-nostdin',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=navy:s=64x36:r=8:d=2',
        '-c:v',
        'libvpx',
        '-f',
        'webm',
        '-',
      ],
      { env: { ...process.env, PATH: path0 } },
    );
    const id = await addTake(t, m, { shotId: m.shotIds[0]!, type: 'video', bytes: piped, ext: 'webm' });
    const [take] = await t.db.select().from(generations).where(eq(generations.id, id));
    expect(take!.output?.seconds).toBeUndefined();
    expect(await exportEnd()).toBe('75'); // the default still duration, 3 s at 25 fps
  });
});
