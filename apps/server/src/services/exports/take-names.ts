import { asciiText, cutText, textLength } from '@cinegraph/timeline';
import { storedFileKey } from '../assets/stored-files';
import type { ShotTake } from './movie-takes';

const EXTENSION_BY_TYPE = { image: 'png', video: 'mp4', audio: 'wav' } as const;
const MAX_SHOT_NAME = 40;

/** The storage key of a take's output file, or null when it is not stored by this studio. */
export function takeFileKey(publicUrl: string, take: ShotTake): string | null {
  const url = take.generation.output?.url;
  return url ? storedFileKey(publicUrl, url) : null;
}

/** Options of a file name: `ascii` keeps it to ASCII (accents dropped, other characters left out). */
export interface NameOptions {
  ascii?: boolean;
}

/**
 * Text made safe as a file name, or part of one, on every system (no separators, reserved or control
 * characters), cut at a word within `max` characters, counted as users see them (an emoji is one and
 * is never cut in half).
 */
export function safeFileName(text: string, max: number, fallback: string, options: NameOptions = {}): string {
  const cleaned = (options.ascii ? asciiText(text) : text)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = textLength(cleaned) <= max ? cleaned : cutText(cleaned, max + 1).replace(/\s\S*$/, '');
  return cutText(cut, max).replace(/[ .,;]+$/, '') || fallback;
}

/**
 * The spec's download name `{scene index}-{shot index}-{shot}-{take}.{ext}`, counted from 1 as users
 * count scenes, shots and takes (e.g. "1-2-Close up on Anna-3.webm"); the extension is the stored
 * file's own.
 */
export function takeFileName(take: ShotTake, key: string | null, options: NameOptions = {}): string {
  const stored = key?.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase();
  const ext = stored ?? EXTENSION_BY_TYPE[take.generation.output?.type ?? 'image'];
  const { scene, shot, generation } = take;
  return `${scene.index + 1}-${shot.index + 1}-${safeFileName(shot.description, MAX_SHOT_NAME, 'shot', options)}-${generation.index + 1}.${ext}`;
}
