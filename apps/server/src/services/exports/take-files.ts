import type { Storage } from '../../storage/storage';
import type { ShotTake } from './movie-takes';
import { takeFileKey, takeFileName, type NameOptions } from './take-names';

/** A take whose file is in storage, with the name it gets outside the studio. */
export interface TakeFile {
  take: ShotTake;
  key: string;
  name: string;
  size: number;
  contentType: string;
}

/**
 * The stored files of the takes, named for export and unique within one zip (a repeated name gets
 * " (2)"). Takes whose file is not in this studio's storage are left out.
 */
export async function takeFiles(
  storage: Storage,
  publicUrl: string,
  takes: ShotTake[],
  options: NameOptions = {},
): Promise<TakeFile[]> {
  const used = new Set<string>();
  const files: TakeFile[] = [];
  for (const take of takes) {
    const key = takeFileKey(publicUrl, take);
    const info = key ? await storage.head(key) : null;
    if (!key || !info) continue;
    const name = uniqueName(takeFileName(take, key, options), used);
    files.push({ take, key, name, size: info.size, contentType: info.contentType });
  }
  return files;
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
    candidate = name.replace(/(\.[^.]+)?$/, (ext) => ` (${n})${ext}`);
  }
  used.add(candidate.toLowerCase());
  return candidate;
}
