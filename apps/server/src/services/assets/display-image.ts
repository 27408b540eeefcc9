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

/** A still image at most this heavy (and no wider than its display width) is shown as it is. */
export const OWN_DISPLAY_MAX_BYTES = 256 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Whether an image needs no smaller copy: a still PNG (ComfyUI's saved and preview images) no wider
 * than `maxWidth` and at most OWN_DISPLAY_MAX_BYTES, which the copy would neither shrink nor lighten
 * much. Read from its header alone; an animated PNG (an `acTL` chunk before the image data) still
 * gets a copy of its first frame.
 */
export function isOwnDisplayImage(bytes: Uint8Array, maxWidth: number): boolean {
  if (bytes.length > OWN_DISPLAY_MAX_BYTES || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunkType = (at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  if (bytes.length < 33 || chunkType(8) !== 'IHDR' || view.getUint32(16) > maxWidth) return false;
  for (let at = 8; at + 8 <= bytes.length; at += 12 + view.getUint32(at)) {
    const type = chunkType(at);
    if (type === 'acTL') return false;
    if (type === 'IDAT') return true;
  }
  return false; // no image data: let sharp decide
}
