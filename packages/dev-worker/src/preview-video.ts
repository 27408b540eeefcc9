import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderPreviewPng } from './preview-image';
import type { PromptSummary } from './prompt-summary';
import { loadSharp } from './load-sharp';

/** An encoded preview animation and how to name and describe it. */
export interface PreviewVideo {
  data: Buffer;
  extension: 'webm' | 'gif' | 'webp';
  format: string;
  frameRate: number;
}

const FRAME_RATE = 8;
let ffmpegFound: boolean | undefined;

/** The ffmpeg to encode WebM with: `DEV_WORKER_FFMPEG`, else `ffmpeg` on the PATH when it runs. */
function ffmpegCommand(): string | null {
  const command = process.env.DEV_WORKER_FFMPEG || 'ffmpeg';
  ffmpegFound ??= spawnSync(command, ['-version'], { stdio: 'ignore' }).status === 0;
  return ffmpegFound ? command : null;
}

/** Video frames stay small: previews encode in well under a second. */
function videoSummary(summary: PromptSummary): PromptSummary {
  const scale = Math.min(1, 640 / Math.max(summary.width, summary.height));
  const even = (value: number) => Math.max(64, Math.round((value * scale) / 2) * 2);
  return { ...summary, width: even(summary.width), height: even(summary.height) };
}

/**
 * Encodes into a temporary file rather than a pipe: ffmpeg goes back to write the WebM's Duration only
 * into a seekable output, and a saver's file on a real worker states its length.
 */
async function encodeWebm(command: string, frames: Buffer[]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dev-worker-webm-'));
  const file = path.join(dir, 'preview.webm');
  const args = ['-hide_banner', '-loglevel', 'error', '-f', 'image2pipe', '-framerate', String(FRAME_RATE)];
  args.push('-i', '-', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '800k');
  args.push('-pix_fmt', 'yuv420p', '-f', 'webm', '-y', file);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${errors}`))));
      child.stdin.on('error', () => undefined);
      for (const frame of frames) child.stdin.write(frame);
      child.stdin.end();
    });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A short labelled preview video: a WebM (VP8) when ffmpeg is available, which every browser plays in a
 * `<video>` element; otherwise an animated GIF (as VHS_VideoCombine's `image/gif` format).
 */
export async function renderPreviewVideo(
  summary: PromptSummary,
  animatedImage = false,
  reference?: Buffer,
): Promise<PreviewVideo> {
  const small = videoSummary(summary);
  const frames = await Promise.all(
    Array.from({ length: small.frames }, (_, frame) =>
      renderPreviewPng(small, { frame, frames: small.frames, reference }),
    ),
  );
  const command = animatedImage ? null : ffmpegCommand();
  if (command) {
    try {
      const data = await encodeWebm(command, frames);
      return { data, extension: 'webm', format: 'video/webm', frameRate: FRAME_RATE };
    } catch {
      // Fall through to an animated image: a preview must never fail for lack of an encoder.
    }
  }
  const sharp = await loadSharp();
  const joined = sharp(frames, { join: { animated: true } });
  const delay = Math.round(1000 / FRAME_RATE);
  if (animatedImage) {
    const data = await joined.webp({ loop: 0, delay }).toBuffer();
    return { data, extension: 'webp', format: 'image/webp', frameRate: FRAME_RATE };
  }
  const data = await joined.gif({ loop: 0, delay }).toBuffer();
  return { data, extension: 'gif', format: 'image/gif', frameRate: FRAME_RATE };
}
