import { mediaLengthSecondsAt } from '../../storage/media-length';
import type { Storage } from '../../storage/storage';

/**
 * The length a stored video or audio file's container header states (MP4 `mvhd`, WebM `Duration`,
 * WAV data size), read with a few range requests over a short-lived link: for takes stored before
 * their length was kept. Null when the header does not say. (The export describes its files whole
 * with describeMedia.)
 */
export async function headerDurationSeconds(
  storage: Storage,
  key: string,
  size: number,
): Promise<number | null> {
  const source = await storage.presignGet(key, { expiresInSeconds: 300 });
  return mediaLengthSecondsAt(source, size);
}
