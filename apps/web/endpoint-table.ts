import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTRACTS_INDEX = path.join(ROOT, 'packages/contracts/src/index.ts');
const TABLE_ID = '\0cinegraph-endpoint-table';
const ENTRIES_ID = '\0cinegraph-endpoint-entries';
const ENDPOINT_ID = '\0cinegraph-endpoint:';
/** Reads the contracts' `endpoints` (the one source of truth) and keeps what a request needs. */
const READ_TABLE = `
  import { endpoints } from '@cinegraph/contracts';
  const table = Object.fromEntries(
    Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path, auth: e.auth }]),
  );
  process.stdout.write(JSON.stringify(table));`;

/**
 * The browser builds a request from an endpoint's method, path and auth flag only, so it gets those,
 * read from the contracts' `endpoints` at build time, instead of every endpoint's zod schemas (which
 * would put zod and all schemas into the first page's JavaScript). Types still come from the contracts.
 */
export function endpointTable(): Plugin {
  let table: Record<string, unknown> | null = null;
  return {
    name: 'cinegraph-endpoint-table',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './endpoints' && importer && path.resolve(importer) === CONTRACTS_INDEX) return TABLE_ID;
      if (source === ENTRIES_ID || source.startsWith(ENDPOINT_ID)) return source;
      return null;
    },
    load(id) {
      // `endpoints` is a namespace of one module per endpoint: each chunk carries only the endpoints its
      // code names (`endpoints.listMovies`), so the first page has its few, not the whole table.
      if (id === TABLE_ID) return `import * as endpoints from '${ENTRIES_ID}';\nexport { endpoints };`;
      if (id !== ENTRIES_ID && !id.startsWith(ENDPOINT_ID)) return null;
      table ??= JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', READ_TABLE], {
          cwd: ROOT,
          encoding: 'utf8',
        }),
      ) as Record<string, unknown>;
      if (id.startsWith(ENDPOINT_ID))
        return `export default ${JSON.stringify(table[id.slice(ENDPOINT_ID.length)])};`;
      return Object.keys(table)
        .map((name) => `export { default as ${name} } from '${ENDPOINT_ID}${name}';`)
        .join('\n');
    },
  };
}
