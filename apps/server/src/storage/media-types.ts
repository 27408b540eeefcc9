/**
 * The closed list of media types the studio keeps from workers and serves inline: anything else a
 * worker produces is refused, and any other stored object is served as a download. Stored files are
 * served from the studio's own origin, so an HTML or SVG "output" would otherwise run script there.
 */
export const OUTPUT_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/webm',
  'audio/wav',
  'audio/mpeg',
  'audio/flac',
  'audio/ogg',
] as const;

export type OutputMediaType = (typeof OUTPUT_MEDIA_TYPES)[number];

/** Other names of the same formats that uploads may carry (see the assets' file rules). */
const UPLOAD_ALIASES = [
  'video/ogg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/mp3',
  'audio/x-wav',
  'audio/wave',
];

const INLINE = new Set<string>([...OUTPUT_MEDIA_TYPES, ...UPLOAD_ALIASES]);

/** Whether an object of this content type may be shown in the browser rather than downloaded. */
export function isInlineMediaType(contentType: string): boolean {
  return INLINE.has(contentType.split(';')[0]!.trim().toLowerCase());
}

/** How many leading bytes `sniffMediaType` needs. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  text.split('').every((c, i) => bytes[at + i] === c.charCodeAt(0));

/**
 * The media type the file's first bytes prove (magic numbers), whatever the worker claimed; null when
 * they prove none of the closed list (HTML, SVG, script, anything else).
 */
export function sniffMediaType(head: Uint8Array): OutputMediaType | null {
  const b = head;
  if (b[0] === 0x89 && ascii(b, 1, 'PNG\r\n\x1a\n')) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'image/gif';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'image/webp';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'audio/wav';
  if (ascii(b, 4, 'ftyp')) return 'video/mp4';
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'video/webm';
  if (ascii(b, 0, 'fLaC')) return 'audio/flac';
  if (ascii(b, 0, 'OggS')) return 'audio/ogg';
  // MP3: an ID3 tag, or straight into an MPEG audio frame (11 sync bits).
  if (ascii(b, 0, 'ID3') || (b[0] === 0xff && b[1] !== undefined && (b[1] & 0xe0) === 0xe0))
    return 'audio/mpeg';
  return null;
}

const BY_EXTENSION: Record<string, OutputMediaType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
};

/** The media type of the closed list a file name's extension stands for, or null. */
export function mediaTypeOfName(name: string): OutputMediaType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0 || name.lastIndexOf('/') > dot) return null;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null;
}
