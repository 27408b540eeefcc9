import type { Storage } from '../../storage/storage';
import { storedFileKey } from '../assets/stored-files';
import type { TakeFile } from './take-files';

const THUMBNAIL_WIDTH = 320;

/**
 * A JPEG of a take for print: its display image (a still's resized copy, a video's poster frame), else
 * the still itself; null for a sound take or a picture sharp cannot read.
 */
export async function takeThumbnail(
  storage: Storage,
  publicUrl: string,
  file: TakeFile,
): Promise<Buffer | null> {
  const { generation } = file.take;
  const display = generation.output?.display_image;
  const key =
    (display && storedFileKey(publicUrl, display)) || (generation.output?.type === 'image' ? file.key : null);
  const object = key ? await storage.get(key) : null;
  if (!object) return null;
  const { default: sharp } = await import('sharp'); // loaded with the first picture, not at start
  return sharp(object.body)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer()
    .catch(() => null);
}
