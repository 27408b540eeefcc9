/**
 * The kinds of file a user uploads and their rules, without zod: the web app checks files with them on
 * the editor's page, and a module holding schemas would bring zod's ~84 kB with them (assets.ts
 * re-exports these).
 */
export const ASSET_FILE_TYPES = ['image', 'video', 'audio', 'workflow', 'lora'] as const;
type AssetFileType = (typeof ASSET_FILE_TYPES)[number];

/** Accepted extensions per file type, lower case and without the dot. */
export const ASSET_EXTENSIONS: Record<AssetFileType, readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  video: ['mp4', 'webm', 'ogg'],
  audio: ['mp3', 'wav', 'ogg', 'm4a'],
  workflow: ['json'],
  lora: ['safetensors'],
};

const MiB = 1024 * 1024;
/** The largest file accepted per type, in bytes. */
export const ASSET_MAX_BYTES: Record<AssetFileType, number> = {
  image: 50 * MiB,
  video: 5 * 1024 * MiB,
  audio: 500 * MiB,
  workflow: 8 * MiB,
  lora: 2 * 1024 * MiB,
};

/** Files larger than this upload in parts (spec: multipart for large files). */
export const MULTIPART_THRESHOLD_BYTES = 25 * MiB;
/** Spec: asset pages of 20 with Load More. */
export const ASSET_PAGE_SIZE = 20;

/**
 * The Content-Type of an upload, from its extension: the browser sends it and the server signs it, so
 * both derive it the same way (never the browser's own guess, which varies between systems).
 */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  json: 'application/json',
  safetensors: 'application/octet-stream',
};

/** The extension of a file name, lower case and without the dot ('' when there is none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}
