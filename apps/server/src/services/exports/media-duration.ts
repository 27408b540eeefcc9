import { execFile } from 'node:child_process';
import { mediaLengthSecondsAt } from '../../storage/media-length';
import type { Storage } from '../../storage/storage';

const FFPROBE_TIMEOUT_MS = 20_000;

/**
 * The length in seconds of a stored video or audio file, read by ffprobe over a short-lived link (so
 * S3 and local storage work alike and nothing is downloaded whole); null when ffprobe is not
 * installed or cannot tell.
 */
export async function mediaDurationSeconds(storage: Storage, key: string): Promise<number | null> {
  const source = await storage.presignGet(key, { expiresInSeconds: 300 });
  const args = [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'default=noprint_wrappers=1:nokey=1',
    source,
  ];
  return new Promise((resolve) => {
    execFile('ffprobe', args, { timeout: FFPROBE_TIMEOUT_MS }, (error, stdout) => {
      const seconds = Number.parseFloat(String(stdout).trim());
      resolve(!error && Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    });
  });
}

/**
 * The length a stored video or audio file's container header states (MP4 `mvhd`, WebM `Duration`,
 * WAV data size), read with a few range requests over a short-lived link: for takes stored before
 * their length was kept, where ffprobe is missing. Null when the header does not say.
 */
export async function headerDurationSeconds(
  storage: Storage,
  key: string,
  size: number,
): Promise<number | null> {
  const source = await storage.presignGet(key, { expiresInSeconds: 300 });
  return mediaLengthSecondsAt(source, size);
}
