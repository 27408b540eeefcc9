import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** The kinds of build file that shrink when compressed (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file the build emits, at the
 * strongest settings, once: the server sends the copy a browser accepts (@fastify/static's
 * `preCompressed`) instead of compressing on every request or sending the studio's JavaScript whole.
 * Tiny chunks get copies too, even a few bytes larger: @fastify/static looks for each encoding's copy in
 * turn, so a missing one costs every request for the file two failed lookups.
 */
export function precompress(): Plugin {
  return {
    name: 'cinegraph-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      await writeCompressedCopies(options.dir ?? 'dist', Object.keys(bundle));
    },
  };
}

/** The copies of the files (names relative to `outDir`, as written) worth compressing. */
export async function writeCompressedCopies(outDir: string, fileNames: string[]): Promise<void> {
  await Promise.all(
    fileNames
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        // As written: a chunk gets its source map's address only then.
        const target = path.join(outDir, name);
        const bytes = await readFile(target);
        const copies: [string, Buffer][] = [
          [
            '.br',
            await brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          ],
          ['.gz', await gzipped(bytes, { level: constants.Z_BEST_COMPRESSION })],
        ];
        for (const [extension, copy] of copies) await writeFile(`${target}${extension}`, copy);
      }),
  );
}
