import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaLengthSeconds, mediaLengthSecondsAt } from './media-length';

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-length-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A file ffmpeg writes from a lavfi source: `out` is the file name, or '-' to write through a pipe. */
function encode(name: string, input: string[], output: string[], throughPipe = false): string {
  const file = path.join(dir, name);
  const args = ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', ...input, ...output];
  if (throughPipe) fs.writeFileSync(file, execFileSync('ffmpeg', [...args, '-'], { maxBuffer: 1 << 24 }));
  else execFileSync('ffmpeg', [...args, file]);
  return file;
}
const picture = (seconds: number, rate: number) => ['-i', `color=c=navy:s=64x36:r=${rate}:d=${seconds}`];

describe.skipIf(!hasFfmpeg)('the length a media file states in its container header', () => {
  it("reads an MP4's mvhd whether the moov box ends the file or comes first (faststart)", async () => {
    const h264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
    const tail = encode('tail.mp4', picture(2, 24), h264);
    const head = encode('head.mp4', picture(3, 25), [...h264, '-movflags', '+faststart']);
    expect(await mediaLengthSeconds(tail, 'video/mp4')).toBeCloseTo(2, 2);
    expect(await mediaLengthSeconds(head, 'video/mp4')).toBeCloseTo(3, 2);
  });

  it("reads a WebM's Info/Duration, and says nothing when a pipe left it out", async () => {
    const vp8 = ['-c:v', 'libvpx', '-b:v', '50k'];
    const file = encode('take.webm', picture(2, 8), vp8);
    const piped = encode('piped.webm', picture(2, 8), [...vp8, '-f', 'webm'], true);
    expect(await mediaLengthSeconds(file, 'video/webm')).toBeCloseTo(2, 2);
    expect(await mediaLengthSeconds(piped, 'video/webm')).toBeNull();
  });

  it("reads a WAV's data size over its byte rate", async () => {
    const file = encode('sound.wav', ['-i', 'sine=f=440:d=1.5'], []);
    expect(await mediaLengthSeconds(file, 'audio/wav')).toBeCloseTo(1.5, 3);
  });
});

/** Serves one file, honouring `Range` (as storage does) or ignoring it and sending everything. */
async function serve(bytes: Buffer, ranges: boolean) {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const range = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '');
    requests.push(request.headers.range ?? 'whole');
    if (!ranges || !range) return response.writeHead(200).end(bytes);
    const [start, end] = [Number(range[1]), Math.min(Number(range[2]), bytes.length - 1)];
    response.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${bytes.length}` });
    response.end(bytes.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/take`;
  return { url, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe.skipIf(!hasFfmpeg)('the length of a stored file, read over range requests', () => {
  it('finds the moov box at the tail of a large MP4 with a few small requests', async () => {
    // 20 s of noise at a high bitrate: the media data is far larger than one range block.
    const noise = ['-i', 'testsrc2=s=320x240:r=25:d=20'];
    const codec = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '0'];
    const bytes = fs.readFileSync(encode('large.mp4', noise, codec));
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const stored = await serve(bytes, true);
    try {
      expect(await mediaLengthSecondsAt(stored.url, bytes.length)).toBeCloseTo(20, 2);
      expect(stored.requests.length).toBeLessThanOrEqual(6);
    } finally {
      await stored.close();
    }
  });

  it('reads nothing from a server that ignores ranges', async () => {
    const bytes = fs.readFileSync(
      encode('small.mp4', picture(1, 24), ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
    );
    const stored = await serve(bytes, false);
    try {
      expect(await mediaLengthSecondsAt(stored.url, bytes.length)).toBeNull();
    } finally {
      await stored.close();
    }
  });
});

describe('a file that does not say its length', () => {
  it('is null for other formats, a cut-short MP4 and bytes that only look like a container', async () => {
    const png = path.join(dir, 'still.png');
    fs.writeFileSync(png, Buffer.from('89504e470d0a1a0a', 'hex'));
    expect(await mediaLengthSeconds(png, 'image/png')).toBeNull();
    // An ftyp box claiming to be far longer than the file, then nothing.
    const lying = path.join(dir, 'lying.mp4');
    fs.writeFileSync(lying, Buffer.concat([Buffer.from('7fffffff66747970', 'hex'), Buffer.alloc(24)]));
    expect(await mediaLengthSeconds(lying, 'video/mp4')).toBeNull();
    const garbage = path.join(dir, 'garbage.webm');
    fs.writeFileSync(garbage, Buffer.from('1a45dfa3ff00000000', 'hex'));
    expect(await mediaLengthSeconds(garbage, 'video/webm')).toBeNull();
  });
});
