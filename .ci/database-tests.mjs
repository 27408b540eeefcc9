// Prints the server test files whose outcome can depend on the database under them: those whose
// relative imports reach src/test/test-database.ts, the one place a test picks PGlite or DATABASE_URL.
// CI's PostgreSQL pass runs only these; the rest (pure logic, storage, PGlite's own folder locking,
// processes started on PGlite) would repeat the first pass exactly.
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const SOURCE = path.resolve(import.meta.dirname, '../apps/server/src');
const SWITCH = path.join(SOURCE, 'test/test-database.ts');
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

const reaches = new Map();
function reachesSwitch(file) {
  if (file === SWITCH) return true;
  if (reaches.has(file)) return reaches.get(file);
  reaches.set(file, false); // An import cycle does not reach it through itself.
  const found = [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)].some(([, specifier]) => {
    const imported = resolve(path.dirname(file), specifier);
    return imported !== null && reachesSwitch(imported);
  });
  reaches.set(file, found);
  return found;
}

function resolve(folder, specifier) {
  const base = path.join(folder, specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null;
}

const tests = fs
  .readdirSync(SOURCE, { recursive: true })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(SOURCE, name))
  .filter(reachesSwitch)
  .sort();
// An empty list would make the pass run every file or none, silently: stop instead.
if (tests.length === 0) {
  process.stderr.write(`No test under ${SOURCE} reaches ${SWITCH}\n`);
  process.exit(1);
}
process.stdout.write(`${tests.map((file) => path.relative(process.cwd(), file)).join('\n')}\n`);
