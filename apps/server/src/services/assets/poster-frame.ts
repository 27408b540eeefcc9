import { spawn } from 'node:child_process';
import type { Storage } from '../../storage/storage';
import { assetFolder } from './asset-keys';

const FFMPEG_TIMEOUT_MS = 30_000;
const MAX_POSTER_BYTES = 10 * 1024 * 1024;

/**
 * Makes a video's poster frame (a JPEG of its first frame) and stores it beside the video (in its
 * folder, or at `posterKey`); returns its key, or null when ffmpeg is not installed or cannot read the
 * file. A missing poster never fails an upload: the studio shows the video without one.
 */
export async function storePosterFrame(
  storage: Storage,
  videoKey: string,
  posterKey = `${assetFolder(videoKey)}.poster.jpg`,
): Promise<string | null> {
  // ffmpeg reads the object over a short-lived link, so S3 and local storage work alike and the
  // video is never held in the server's memory.
  const source = await storage.presignGet(videoKey, { expiresInSeconds: 300 });
  const jpeg = await runFfmpeg([
    '-v',
    'error',
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    'scale=min(640\\,iw):-2',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    'pipe:1',
  ]);
  if (!jpeg || jpeg.length === 0) return null;
  await storage.put(posterKey, jpeg, 'image/jpeg');
  return posterKey;
}

function runFfmpeg(args: string[]): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const child = spawn('ffmpeg', ['-nostdin', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_POSTER_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    // ENOENT (no ffmpeg on PATH) lands here: no poster, quietly.
    child.on('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0 && size <= MAX_POSTER_BYTES ? Buffer.concat(chunks) : null);
    });
  });
}
