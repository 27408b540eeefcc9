import {
  ASSET_EXTENSIONS,
  ASSET_MAX_BYTES,
  CONTENT_TYPE_BY_EXTENSION,
  extensionOf,
  type AssetFileType,
} from '@cinegraph/contracts';

/** The smallest file an upload accepts (the server refuses empty files). */
export const MIN_UPLOAD_BYTES = 1;

/** What a dropped or chosen file must tell about itself to be checked. */
export interface FileFacts {
  name: string;
  size: number;
}

/** The `accept` attribute of a file input for this type: '.png,.jpg,…'. */
export function acceptAttribute(fileType: AssetFileType): string {
  return ASSET_EXTENSIONS[fileType].map((ext) => `.${ext}`).join(',');
}

/** The content type an upload of this file is announced and sent with. */
export function uploadContentType(fileType: AssetFileType, filename: string): string {
  const ext = extensionOf(filename);
  if (ext === 'ogg') return fileType === 'audio' ? 'audio/ogg' : 'video/ogg';
  return CONTENT_TYPE_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

/**
 * Why these files cannot be uploaded as this type, in the spec's words, or null when they can:
 * one file per drop, an accepted extension, and a size within the type's limits.
 */
export function fileProblem(files: readonly FileFacts[], fileType: AssetFileType): string | null {
  if (files.length > 1) return 'Too many files';
  const file = files[0];
  if (!file) return null;
  const accepted = ASSET_EXTENSIONS[fileType];
  if (!accepted.includes(extensionOf(file.name))) {
    return `File type must be ${accepted.map((ext) => `.${ext}`).join(', ')}`;
  }
  const max = ASSET_MAX_BYTES[fileType];
  if (file.size > max) return `File is larger than ${max} bytes`;
  if (file.size < MIN_UPLOAD_BYTES) return `File is smaller than ${MIN_UPLOAD_BYTES} bytes`;
  return null;
}
