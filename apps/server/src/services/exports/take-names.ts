import { storedFileKey } from '../assets/stored-files';
import type { ShotTake } from './movie-takes';

const EXTENSION_BY_TYPE = { image: 'png', video: 'mp4', audio: 'wav' } as const;
const MAX_SHOT_NAME = 40;

/** The storage key of a take's output file, or null when it is not stored by this studio. */
export function takeFileKey(publicUrl: string, take: ShotTake): string | null {
  const url = take.generation.output?.url;
  return url ? storedFileKey(publicUrl, url) : null;
}

/**
 * Text made safe as a file name, or part of one, on every system (no separators, reserved or control
 * characters), cut at a word within `max` characters.
 */
export function safeFileName(text: string, max: number, fallback: string): string {
  const cleaned = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = cleaned.length <= max ? cleaned : cleaned.slice(0, max + 1).replace(/\s\S*$/, '');
  return cut.slice(0, max).replace(/[ .,;]+$/, '') || fallback;
}

/**
 * The spec's download name `{scene index}-{shot index}-{shot}-{take}.{ext}`, counted from 1 as users
 * count scenes, shots and takes (e.g. "1-2-Close up on Anna-3.webm"); the extension is the stored
 * file's own.
 */
export function takeFileName(take: ShotTake, key: string | null): string {
  const stored = key?.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase();
  const ext = stored ?? EXTENSION_BY_TYPE[take.generation.output?.type ?? 'image'];
  const { scene, shot, generation } = take;
  return `${scene.index + 1}-${shot.index + 1}-${safeFileName(shot.description, MAX_SHOT_NAME, 'shot')}-${generation.index + 1}.${ext}`;
}
