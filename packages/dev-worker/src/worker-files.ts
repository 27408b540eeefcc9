import { mkdirSync, readdirSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

/** The folders ComfyUI serves through `/view?type=`. */
export type FolderType = 'input' | 'output' | 'temp';

/** Where a file would live, or the status ComfyUI answers for a refused path. */
export type ResolvedPath = { path: string } | { status: 400 | 403 };

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.json': 'application/json',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
};

/** The content type `/view` sends for a file name, by extension. */
export const contentTypeOf = (filename: string): string =>
  CONTENT_TYPES[extname(filename).toLowerCase()] ?? 'application/octet-stream';

const isFolderType = (value: string): value is FolderType =>
  value === 'input' || value === 'output' || value === 'temp';

/** The worker's input, output and temp folders under one root, with ComfyUI's path rules. */
export class WorkerFiles {
  constructor(readonly root: string) {
    for (const folder of ['input', 'output', 'temp']) mkdirSync(join(root, folder), { recursive: true });
  }

  folder(type: FolderType): string {
    return join(this.root, type);
  }

  /** The files directly in the input folder, sorted (LoadImage's choices). */
  inputFiles(): string[] {
    return readdirSync(this.folder('input'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  }

  /**
   * Resolves a `/view` or upload path as ComfyUI does: 400 for an unknown type, an absolute file name or
   * one with `..`; 403 for a subfolder that leaves the folder. Never returns a path outside the folder.
   */
  resolve(type: string, subfolder: string, filename: string): ResolvedPath {
    if (!isFolderType(type) || !filename || filename.startsWith('/') || filename.includes('..')) {
      return { status: 400 };
    }
    const base = resolve(this.folder(type));
    const directory = resolve(base, subfolder);
    if (directory !== base && !directory.startsWith(base + sep)) return { status: 403 };
    const path = resolve(directory, filename);
    if (!path.startsWith(base + sep)) return { status: 400 };
    return { path };
  }

  /**
   * The next file names for a `filename_prefix` such as 'probe/inv': ComfyUI counts on from the highest
   * `inv_NNNNN_` already in the subfolder. Returns null for a prefix that leaves the folder.
   */
  nextNames(type: FolderType, prefix: string, extension: string, count: number) {
    const slash = prefix.lastIndexOf('/');
    const subfolder = slash >= 0 ? prefix.slice(0, slash) : '';
    const name = slash >= 0 ? prefix.slice(slash + 1) : prefix;
    const target = this.resolve(type, subfolder, `${name || 'ComfyUI'}_probe`);
    if (!('path' in target) || subfolder.split('/').includes('..')) return null;
    const directory = resolve(this.folder(type), subfolder);
    mkdirSync(directory, { recursive: true });
    const pattern = new RegExp(`^${escapeRegExp(name)}_(\\d{5,})_`);
    let highest = 0;
    for (const file of readdirSync(directory)) {
      const match = pattern.exec(file);
      if (match) highest = Math.max(highest, Number(match[1]));
    }
    const files = Array.from({ length: count }, (_, index) => {
      const counter = String(highest + index + 1).padStart(5, '0');
      return { filename: `${name}_${counter}_.${extension}`, subfolder };
    });
    return { directory, files };
  }
}

/** 'sub/name.png [input]' → ['sub', 'name.png'] (ComfyUI's annotated file names). */
export function splitAnnotated(name: string): [string, string] {
  const plain = name.replace(/\s*\[(input|output|temp)\]$/, '');
  const slash = plain.lastIndexOf('/');
  return slash >= 0 ? [plain.slice(0, slash), plain.slice(slash + 1)] : ['', plain];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
