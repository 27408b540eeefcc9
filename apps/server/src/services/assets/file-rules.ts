import {
  ASSET_EXTENSIONS,
  ASSET_MAX_BYTES,
  CONTENT_TYPE_BY_EXTENSION,
  extensionOf,
  type AssetFileType,
} from '@cinegraph/contracts';
import { badRequest } from '../../http/errors';
import type { OutputMediaType } from '../../storage/media-types';

/**
 * Content types accepted per file type. A closed list, because local storage serves objects from the
 * studio's own origin: an upload must never be served as HTML or script.
 */
const CONTENT_TYPES: Record<AssetFileType, readonly string[]> = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  video: ['video/mp4', 'video/webm', 'video/ogg'],
  audio: [
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/ogg',
    'audio/mp4',
    'audio/x-m4a',
    'audio/aac',
  ],
  workflow: ['application/json'],
  lora: ['application/octet-stream'],
};

/**
 * What an image, video or audio upload's first bytes must prove it is (see `sniffMediaType`): the
 * studio serves uploads inline, so whatever the browser declared, bytes of HTML, SVG or script are
 * refused. A different format of the same kind (a JPEG named .png) is fine. Ogg holds video too; M4A
 * audio is an MP4 file.
 */
export const UPLOAD_MEDIA_TYPES: Partial<Record<AssetFileType, readonly OutputMediaType[]>> = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  video: ['video/mp4', 'video/webm', 'audio/ogg'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac', 'video/mp4', 'video/webm'],
};

const FORMAT_NAMES: Record<OutputMediaType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'audio/ogg': 'Ogg',
  'audio/mpeg': 'MP3',
  'audio/wav': 'WAV',
  'audio/flac': 'FLAC',
};

/**
 * The refusal of an upload whose first bytes are none of its type's formats (a text file named .png):
 * it says that the bytes are the reason, since the name looked right.
 */
export function notMediaMessage(fileType: AssetFileType, accepted: readonly OutputMediaType[]): string {
  const names = [...new Set(accepted.map((type) => FORMAT_NAMES[type]))];
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  const kind = fileType === 'image' ? 'an image' : `${fileType === 'audio' ? 'an' : 'a'} ${fileType} file`;
  return `The file's bytes are not ${kind} (${list}), whatever its name says.`;
}

/** The file's extension must be one the type accepts (spec: 'File type must be ...'). */
export function checkExtension(fileType: AssetFileType, filename: string): string {
  const ext = extensionOf(filename);
  const accepted = ASSET_EXTENSIONS[fileType];
  if (!accepted.includes(ext)) {
    throw badRequest(`File type must be ${accepted.map((e) => `.${e}`).join(', ')}`);
  }
  return ext;
}

export function checkSize(fileType: AssetFileType, size: number): void {
  const max = ASSET_MAX_BYTES[fileType];
  if (size > max) throw badRequest(`File is larger than ${max} bytes`);
}

/** The content type the browser will PUT with: the given one when it fits the type, else from the extension. */
export function contentTypeFor(fileType: AssetFileType, ext: string, given: string | undefined): string {
  const wanted = given?.split(';')[0]?.trim().toLowerCase();
  if (!wanted) {
    if (ext === 'ogg') return fileType === 'audio' ? 'audio/ogg' : 'video/ogg';
    return CONTENT_TYPE_BY_EXTENSION[ext] ?? 'application/octet-stream';
  }
  if (!CONTENT_TYPES[fileType].includes(wanted)) {
    throw badRequest(`Content type ${wanted} is not accepted for ${fileType} files`);
  }
  return wanted;
}

/** A storage-safe version of a file name: letters, digits, dot, dash and underscore, extension kept. */
export function safeFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const ext = extensionOf(base).replace(/[^a-z0-9]/g, '');
  const stem = (ext ? base.slice(0, base.lastIndexOf('.')) : base)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return `${stem || 'file'}${ext ? `.${ext}` : ''}`;
}

/** A display name: no path, no control characters, at most 255 characters. */
export function cleanDisplayName(filename: string): string {
  return (
    (filename.split(/[\\/]/).pop() ?? '')
      // eslint-disable-next-line no-control-regex -- control characters never belong in a name
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 255)
  );
}
