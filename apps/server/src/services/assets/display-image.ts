import type { Storage } from '../../storage/storage';

/** Uploaded images are shown in tiles and the asset browser: 640 px wide is plenty there. */
export const ASSET_DISPLAY_WIDTH = 640;

/**
 * Stores a smaller WebP copy of an image at `displayKey` for tiles and thumbnails (never wider than
 * `maxWidth`, never enlarged, turned upright by its EXIF orientation since the copy drops the tag).
 * Returns the key, or null when the bytes are not an image sharp can read: the caller then shows the
 * original, which the browser may still display.
 */
export async function storeDisplayImage(
  storage: Storage,
  /** The image's bytes, or the path of a file holding them. */
  bytes: Uint8Array | string,
  displayKey: string,
  maxWidth: number,
): Promise<string | null> {
  const { default: sharp } = await import('sharp'); // loaded with the first image, not at start
  let resized: Buffer;
  try {
    resized = await sharp(bytes)
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .webp()
      .toBuffer();
  } catch {
    return null;
  }
  await storage.put(displayKey, resized, 'image/webp');
  return displayKey;
}
