import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where the build writes the table the server reads (a dot folder: not served as a file). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * What the server may ask the browser to fetch from the first byte of a route's page, before the entry
 * has run and the router has matched: the route's chunks (URLs), its stylesheets, and the names of the
 * contracts' endpoints (GET) its screen reads first, with the route's `:params`.
 */
export interface RoutePreload {
  route: string;
  modules: string[];
  styles: string[];
  reads: string[];
}

/**
 * The routes whose code is worth starting before the entry: the editor, whose two dozen chunks were asked
 * only once the entry had run, and held its four reads back behind them on the browser's six
 * connections. `modules` are the modules the route table loads lazily for that address; `reads` must be
 * the reads its screen starts ahead (editorReads.ts), in their order.
 */
const ROUTES = [
  {
    route: '/movies/:movieId/editor',
    modules: ['src/app/DataLayout.tsx', 'src/features/editor/EditorPage.tsx'],
    reads: ['listNodes', 'listConnections', 'getMovie', 'listUtilityNodes'],
  },
];

/**
 * Writes ROUTE_PRELOADS_FILE: for each route, the chunks of its lazily loaded modules with all their
 * static imports, less what the entry already loads, and their CSS. The build fails if no chunk holds
 * a module (renamed).
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'cinegraph-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const table: RoutePreload[] = ROUTES.map(({ route, modules, reads }) => {
        const chunks = new Set(
          modules.flatMap((module) => staticClosure(bundle, lazyChunkOf(bundle, path.resolve(root, module)))),
        );
        for (const loaded of entryClosure(bundle)) chunks.delete(loaded);
        const styles = new Set([...chunks].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
        return {
          route,
          modules: [...chunks].map((chunk) => `/${chunk.fileName}`),
          styles: [...styles].map((file) => `/${file}`),
          reads,
        };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table, null, 2) });
    },
  };
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** The chunk a lazily loaded module comes in: its own, or the chunk group's that holds it (chunk-groups.ts). */
export function lazyChunkOf(bundle: OutputBundle, moduleId: string): OutputChunk {
  const all = chunks(bundle);
  const chunk =
    all.find((c) => c.facadeModuleId === moduleId && c.isDynamicEntry) ??
    all.find((c) => !c.isEntry && c.moduleIds.includes(moduleId));
  if (!chunk) throw new Error(`route-preloads: ${moduleId} is not a lazily loaded chunk of the build`);
  return chunk;
}

/** The chunks the entry loads before it runs (the landing page's JavaScript). */
export function entryClosure(bundle: OutputBundle): OutputChunk[] {
  return chunks(bundle)
    .filter((c) => c.isEntry)
    .flatMap((entry) => staticClosure(bundle, entry));
}

/** A chunk and every chunk it imports statically, directly or not (what the browser loads before it runs). */
export function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}
