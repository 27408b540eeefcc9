import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCompressedCopies } from '../../precompress';

let outDir: string;
beforeEach(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'cinegraph-precompress-'));
});
afterEach(() => rm(outDir, { recursive: true, force: true }));

describe('the compressed copies the web build writes for the server to send', () => {
  it('writes a Brotli and a gzip copy of each script and stylesheet, byte for byte the file', async () => {
    const script = 'export function editor() { return "canvas"; }\n'.repeat(200);
    const style = '.node { border: 1px solid #525252; }\n'.repeat(100);
    await writeFile(path.join(outDir, 'editor-1a2b.js'), script);
    await writeFile(path.join(outDir, 'index-3c4d.css'), style);
    await writeCompressedCopies(outDir, ['editor-1a2b.js', 'index-3c4d.css']);
    const read = (name: string) => readFile(path.join(outDir, name));
    expect(brotliDecompressSync(await read('editor-1a2b.js.br')).toString()).toBe(script);
    expect(gunzipSync(await read('editor-1a2b.js.gz')).toString()).toBe(script);
    expect(brotliDecompressSync(await read('index-3c4d.css.br')).toString()).toBe(style);
    expect((await read('editor-1a2b.js.br')).length).toBeLessThan(script.length / 10);
  });

  it('copies even a tiny chunk (the server looks for a copy before the file), not pictures or source maps', async () => {
    await writeFile(path.join(outDir, 'tiny.js'), 'export {};');
    await writeFile(path.join(outDir, 'poster.webp'), Buffer.alloc(4096, 7));
    await writeFile(path.join(outDir, 'editor.js.map'), '{"mappings":""}'.repeat(200));
    await writeCompressedCopies(outDir, ['tiny.js', 'poster.webp', 'editor.js.map']);
    expect((await readdir(outDir)).sort()).toEqual([
      'editor.js.map',
      'poster.webp',
      'tiny.js',
      'tiny.js.br',
      'tiny.js.gz',
    ]);
    expect(brotliDecompressSync(await readFile(path.join(outDir, 'tiny.js.br'))).toString()).toBe(
      'export {};',
    );
  });
});
