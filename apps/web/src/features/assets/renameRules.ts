import { extensionOf } from '@cinegraph/contracts';

/** The name without its extension: what the rename field shows. */
export function filenameStem(filename: string): string {
  const ext = extensionOf(filename);
  return ext ? filename.slice(0, filename.length - ext.length - 1) : filename;
}

/**
 * The new file name for a rename, keeping the current extension, or null when there is nothing to do
 * (an empty name or the same name): a rename is applied only when it is non-empty and changed.
 */
export function renamedFilename(current: string, draft: string): string | null {
  const stem = draft.trim();
  if (!stem) return null;
  const ext = extensionOf(current);
  const suffix = ext ? current.slice(current.length - ext.length - 1) : '';
  const repeats = suffix !== '' && stem.toLowerCase().endsWith(suffix.toLowerCase());
  const base = repeats ? stem.slice(0, -suffix.length).trim() : stem;
  if (!base) return null;
  const next = `${base}${suffix}`;
  return next === current ? null : next;
}
