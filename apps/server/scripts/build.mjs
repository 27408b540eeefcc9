// Compiles the server to JavaScript at build time (apps/server/dist/main.js), so `npm run serve` starts plain Node
// without transpiling TypeScript on every start. The workspace packages (@cinegraph/*, TypeScript
// sources) and most installed ones are bundled in (see KEPT_INSTALLED for those imported as usual).
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

/**
 * Installed packages the bundle leaves in node_modules: those that read files beside themselves
 * (PGlite's WebAssembly, the fonts, the API docs' pages), native ones, and the large optional ones
 * loaded only when configured or used. Every other package is bundled in: Node then reads, resolves
 * and wraps one file instead of a thousand, most of the start-up before this (~0.7 s of 1.9 s).
 */
const KEPT_INSTALLED = [
  '@electric-sql/pglite',
  '@fastify/static',
  '@fastify/swagger-ui',
  'dejavu-fonts-ttf',
  'esbuild',
  'sharp',
  'pg',
  'pg-native',
  '@aws-sdk',
  'stripe',
  'nodemailer',
  'pdfkit',
  'yazl',
  // ws's optional native helpers, required inside try/catch.
  'bufferutil',
  'utf-8-validate',
];
const keptInstalled = {
  name: 'kept-installed',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      KEPT_INSTALLED.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
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
  plugins: [keptInstalled, ownLocation],
  banner: {
    js: [
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      // Bundled CommonJS packages require Node's built-in modules and the kept ones at run time.
      "import { createRequire as __createRequire } from 'node:module';",
      'const require = __createRequire(import.meta.url);',
      'const __ownUrl = (file) => new URL(file, import.meta.url).href;',
      "const __ownDir = (dir) => __fileURLToPath(new URL(dir + '/', import.meta.url)).replace(/\\/$/, '');",
    ].join('\n'),
  },
});
