// Compiles the server to JavaScript at build time (apps/server/dist/main.js), so `npm run serve` starts plain Node
// without transpiling TypeScript on every start. The workspace packages (@cinegraph/*, TypeScript
// sources) are bundled in; every other package stays in node_modules and is imported as usual.
import { readFile, rm } from 'node:fs/promises';
import process from 'node:process';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../../..');
// A folder may be given (tests build into a temporary one); it is emptied first.
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/server/dist'));

/**
 * A module that finds its files next to itself (`import.meta.dirname`, `import.meta.url`) keeps
 * finding them from the bundle: each use is rewritten to the module's own folder, relative to the
 * bundle, so the checkout may still move as a whole.
 */
const ownLocation = {
  name: 'own-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      const dir = JSON.stringify(path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/'));
      const file = JSON.stringify(path.relative(outDir, args.path).split(path.sep).join('/'));
      const contents = source
        .replaceAll('import.meta.dirname', `__ownDir(${dir})`)
        .replaceAll('import.meta.url', `__ownUrl(${file})`);
      return { contents, loader: 'ts' };
    });
  },
};

/** Bundles the workspace's own packages; leaves every installed package external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cinegraph/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outdir: outDir,
  // Modules imported on demand (the S3 driver and its SDK) become chunks loaded only when used.
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces need only the mappings; the sources themselves would make every start parse ~1 MB more.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [externalPackages, ownLocation],
  banner: {
    js: [
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const __ownUrl = (file) => new URL(file, import.meta.url).href;',
      "const __ownDir = (dir) => __fileURLToPath(new URL(dir + '/', import.meta.url)).replace(/\\/$/, '');",
    ].join('\n'),
  },
});
