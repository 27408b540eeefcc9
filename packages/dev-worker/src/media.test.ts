import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevWorker, type DevWorker } from './dev-worker';
import type { ApiPrompt, OutputFile } from './prompt-types';
import { connectWs, postJson, type WsRecorder } from './test-support';

/** The Duration a WebM's header states, read by ffprobe (null when it states none). */
function webmDuration(data: Buffer): number | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'webm-'));
  try {
    writeFileSync(path.join(dir, 'take.webm'), data);
    const args = ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', 'take.webm'];
    const seconds = Number.parseFloat(execFileSync('ffprobe', args, { cwd: dir, encoding: 'utf8' }));
    return Number.isFinite(seconds) ? seconds : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let worker: DevWorker;
let ws: WsRecorder;
beforeAll(async () => {
  worker = await startDevWorker({ port: 0, stepMs: 5 });
  ws = await connectWs(worker.url, 'media-tests');
});
afterAll(async () => {
  ws.close();
  await worker.close();
});

/** Runs a prompt and returns its `executed` output and the bytes and headers of its first file. */
async function run(prompt: ApiPrompt, key: string) {
  const { status, body } = await postJson(worker.url, '/prompt', { prompt, client_id: 'media-tests' });
  expect(status).toBe(200);
  const done = await ws.untilDone(body!.prompt_id as string);
  const output = done.find((m) => m.type === 'executed')!.data.output as Record<string, OutputFile[]>;
  const file = output[key]![0]!;
  const query = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder, type: file.type });
  const response = await fetch(`${worker.url}/view?${query}`);
  expect(response.status).toBe(200);
  return {
    output,
    file,
    type: response.headers.get('content-type'),
    data: Buffer.from(await response.arrayBuffer()),
  };
}

const textInput = (text: string) => ({
  class_type: 'CinegraphInputText',
  inputs: { name: 'prompt', default: text },
});
const size = (value: unknown) => ({
  class_type: 'CinegraphInputVector2',
  inputs: { name: 'size', default: value },
});

describe('preview media', () => {
  it('renders a Cinegraph image output at the vector2 size', async () => {
    const { output, type, data } = await run(
      {
        '1': textInput('a knight'),
        '2': size([256, 128]),
        '3': {
          class_type: 'EmptyImage',
          inputs: { width: ['2', 0], height: ['2', 1], batch_size: 1, color: 0 },
        },
        '4': {
          class_type: 'CinegraphOutput',
          inputs: { name: 'still', images: ['3', 0], filename_prefix: 'cg/still' },
        },
      },
      'images',
    );
    expect(output).toEqual({ images: [{ filename: 'still_00001_.png', subfolder: 'cg', type: 'output' }] });
    expect(type).toBe('image/png');
    expect(await sharp(data).metadata()).toMatchObject({ width: 256, height: 128 });
  });

  it('renders a video output as a WebM a browser can play (or a GIF without ffmpeg)', async () => {
    const { output, file, type, data } = await run(
      {
        '1': textInput('a chase through the rain'),
        '2': { class_type: 'CinegraphInputVideo', inputs: { name: 'clip', default: 'x.mp4' } },
        '3': { class_type: 'CinegraphOutput', inputs: { name: 'video', video: ['2', 0] } },
      },
      'gifs',
    );
    expect(output.animated).toEqual([true]);
    if (file.format === 'video/webm') {
      expect(type).toBe('video/webm');
      expect(data.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(file.filename).toMatch(/^output_00001_\.webm$/);
      // Its header states its length (12 frames at 8 fps), as a saver's file on a real worker does.
      expect(webmDuration(data)).toBeCloseTo(1.5, 2);
    } else {
      expect(type).toBe('image/gif');
      expect(data.subarray(0, 3).toString()).toBe('GIF');
    }
    expect(file.frame_rate).toBe(8);
  });

  it('answers SaveAudio with an audio entry and a WAV tone', async () => {
    const { output, type, data } = await run(
      {
        '1': { class_type: 'CinegraphInputAudio', inputs: { name: 'voice', default: 'a.wav' } },
        '2': { class_type: 'SaveAudio', inputs: { audio: ['1', 0], filename_prefix: 'audio/ComfyUI' } },
      },
      'audio',
    );
    expect(output).toEqual({
      audio: [{ filename: 'ComfyUI_00001_.wav', subfolder: 'audio', type: 'output' }],
    });
    expect(type).toBe('audio/wav');
    expect(data.subarray(0, 4).toString()).toBe('RIFF');
    expect(data.subarray(8, 12).toString()).toBe('WAVE');
    expect(data.length).toBeGreaterThan(22_050 * 2 * 2);
  });
});

describe('uploads and /view', () => {
  const upload = async (png: Buffer, fields: Record<string, string>) => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'probe_in.png');
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const response = await fetch(`${worker.url}/upload/image`, { method: 'POST', body: form });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, string> };
  };
  const png = (color: string) =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: color } })
      .png()
      .toBuffer();

  it('stores an upload, serves it back through /view and shows it in the preview of a LoadImage workflow', async () => {
    const red = await png('#ff0000');
    expect(await upload(red, { type: 'input', overwrite: 'true' })).toEqual({
      status: 200,
      body: { name: 'probe_in.png', subfolder: '', type: 'input' },
    });
    const view = await fetch(`${worker.url}/view?filename=probe_in.png&type=input`);
    expect(view.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await view.arrayBuffer()).equals(red)).toBe(true);
    const { data } = await run(
      {
        '1': { class_type: 'LoadImage', inputs: { image: 'probe_in.png' } },
        '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'loaded' } },
      },
      'images',
    );
    // The input image appears as a thumbnail in the bottom-right corner of the 512x512 preview.
    const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...pixels.subarray((y * info.width + x) * info.channels).subarray(0, 3),
    ];
    expect(at(400, 400)).toEqual([255, 0, 0]);
    expect(at(100, 400)).not.toEqual([255, 0, 0]);
  });

  it('keeps the name for identical content, renames a different file, and honours subfolders', async () => {
    const red = await png('#ff0000');
    expect((await upload(red, {})).body.name).toBe('probe_in.png');
    expect((await upload(await png('#00ff00'), {})).body.name).toBe('probe_in (1).png');
    expect((await upload(red, { subfolder: 'probe_sub' })).body).toEqual({
      name: 'probe_in.png',
      subfolder: 'probe_sub',
      type: 'input',
    });
  });

  it('refuses path traversal and answers missing files with an empty 404', async () => {
    const status = async (query: string) => (await fetch(`${worker.url}/view?${query}`)).status;
    expect(await status('filename=../../etc/passwd&type=output')).toBe(400);
    expect(await status('filename=passwd&subfolder=../../../etc&type=output')).toBe(403);
    expect(await status('filename=%2Fetc%2Fpasswd&type=input')).toBe(400);
    expect(await status('filename=probe_in.png&type=secrets')).toBe(400);
    const missing = await fetch(`${worker.url}/view?filename=nope.png&type=output`);
    expect([missing.status, missing.headers.get('content-type'), await missing.text()]).toEqual([
      404,
      'application/octet-stream',
      '',
    ]);
    const escape = await upload(await png('#0000ff'), { subfolder: '../../outside' });
    expect(escape.status).toBe(400);
  });
});
