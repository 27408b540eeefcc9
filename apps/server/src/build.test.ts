import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const out = mkdtempSync(path.join(tmpdir(), 'cinegraph-build-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The files a module imports statically: what Node loads before the module runs. */
function staticImports(file: string): string[] {
  const text = readFileSync(path.join(out, file), 'utf8');
  return [...text.matchAll(/^import\s[^;]*?from\s*["']([^"']+)["']/gms)].map((m) => m[1]!);
}

describe('the server build (npm run serve runs it)', () => {
  it('compiles the server to JavaScript that loads optional parts only when configured or used', () => {
    execFileSync(process.execPath, [path.join(import.meta.dirname, '../scripts/build.mjs'), out]);
    const files = readdirSync(out);
    expect(files).toContain('main.js');
    /** The modules Node loads before `file` runs: chunks and packages, as imported. */
    const loadedBy = (file: string) => {
      const loaded = new Set<string>();
      const visit = (chunk: string) => {
        for (const spec of staticImports(chunk)) {
          if (!spec.startsWith('./')) loaded.add(spec);
          else if (!loaded.has(spec)) {
            loaded.add(spec);
            visit(spec.slice(2));
          }
        }
      };
      visit(file);
      return loaded;
    };
    const installed = (loaded: Set<string>) =>
      [...loaded].filter((spec) => !spec.startsWith('./') && !spec.startsWith('node:')).sort();
    // The front door (main.js) listens before the rest loads: it loads nothing from node_modules.
    expect(installed(loadedBy('main.js'))).toEqual([]);
    const studioChunk = files.find((f) => f.startsWith('start-studio') && f.endsWith('.js'))!;
    expect(readFileSync(path.join(out, 'main.js'), 'utf8')).toContain(`import("./${studioChunk}")`);
    const loaded = loadedBy(studioChunk);
    // S3, PostgreSQL, Stripe, SMTP and the preview worker load only when configured; PDFs, zips and
    // image resizing with their first use.
    const optional = [
      '@aws-sdk',
      'pg',
      'drizzle-orm/node-postgres',
      'stripe',
      'nodemailer',
      'pdfkit',
      'yazl',
    ];
    expect(
      [...loaded].filter((spec) => optional.some((o) => spec === o || spec.startsWith(`${o}/`))),
    ).toEqual([]);
    // Everything else start-up needs is bundled in: from node_modules it loads only the packages that
    // read files beside themselves (PGlite's WebAssembly, the static file server and the API docs' pages).
    expect(installed(loaded)).toEqual(['@electric-sql/pglite', '@fastify/static', '@fastify/swagger-ui']);
    // The S3 driver is its own chunk, reached only by the dynamic import in createStorage.
    const s3Chunk = files.find((f) => f.startsWith('s3-storage') && f.endsWith('.js'));
    expect(s3Chunk && staticImports(s3Chunk)).toContain('@aws-sdk/client-s3');
    // TypeScript's own syntax is gone: plain Node runs it.
    expect(readFileSync(path.join(out, 'main.js'), 'utf8')).not.toMatch(/\bimport type\b/);
  });
});
