import {
  SCRIPT_EXTENSIONS,
  SCRIPT_MAX_BYTES,
  SCRIPT_MESSAGES,
  type ScriptPreview,
} from '@cinegraph/contracts';

/** What the file input accepts. */
export const SCRIPT_ACCEPT = SCRIPT_EXTENSIONS.join(',');

/**
 * Why a chosen file cannot be a script, before it is read or sent (the server checks again): the
 * same words the server answers with, so a 50 MB file is refused at once without uploading it.
 */
export function scriptFileProblem(name: string, size: number): string | null {
  const extension = /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';
  if (!(SCRIPT_EXTENSIONS as readonly string[]).includes(extension)) return SCRIPT_MESSAGES.extension(name);
  if (size === 0) return SCRIPT_MESSAGES.empty;
  if (size > SCRIPT_MAX_BYTES) return SCRIPT_MESSAGES.tooLarge(size);
  return null;
}

/** A file's bytes as base64, as the script calls take them (the server reads the real bytes). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

export interface LevelCounts {
  add: number;
  change: number;
  keep: number;
}

/** How many scenes, shots and characters the import adds, changes and keeps. */
export function importCounts(preview: ScriptPreview): Record<'scenes' | 'shots' | 'characters', LevelCounts> {
  const tally = (changes: { change: keyof LevelCounts }[]) =>
    changes.reduce<LevelCounts>((counts, item) => ({ ...counts, [item.change]: counts[item.change] + 1 }), {
      add: 0,
      change: 0,
      keep: 0,
    });
  return {
    scenes: tally(preview.scenes),
    shots: tally(preview.scenes.flatMap((scene) => scene.shots)),
    characters: tally(preview.characters),
  };
}

/** `3 added, 1 changed, 12 kept`, leaving out what is zero ('nothing' when all are). */
export function countsText({ add, change, keep }: LevelCounts): string {
  const parts = [add && `${add} added`, change && `${change} changed`, keep && `${keep} kept`].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}
