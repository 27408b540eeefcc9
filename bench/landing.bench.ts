import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { printComparisons } from './harness';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** The budget for the first page's JavaScript, gzip. */
const BUDGET_KB = 120;

/**
 * The JavaScript a visitor of the landing page downloads (`npm run build` first): the entry chunk, the
 * landing page's chunk and every chunk they import statically, gzip-compressed, against the budget.
 */
export function benchLanding(): void {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    console.log('\n(apps/web/dist is missing: run `npm run build` for the landing page figure)');
    return;
  }
  const assets = path.join(DIST, 'assets');
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(DIST, 'index.html'), 'utf8'))![1]!;
  const landing = readdirSync(assets).find((f) => /^LandingPage-.*\.js$/.test(f))!;
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const text = readFileSync(path.join(assets, file), 'utf8');
    for (const m of text.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/gm))
      visit(m[1]!);
  };
  visit(entry);
  visit(landing);
  const bytes = [...loaded].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f))).length, 0);
  const withZod = [...loaded].some((f) => readFileSync(path.join(assets, f), 'utf8').includes('ZodError'));
  printComparisons(
    `Landing page JavaScript, gzip (${loaded.size} files${withZod ? ', zod included' : ', no zod'})`,
    [
      {
        // In bytes: a figure a few hundred bytes under or over the budget would round to it in kB.
        name: 'landing page JS vs the budget (bytes)',
        figure: bytes,
        baseline: BUDGET_KB * 1000,
        unit: 'B',
        higherIsBetter: false,
        target: '>= 1.00',
      },
    ],
  );
}
