import path from 'node:path';
import type { Plugin } from 'vite';
import { entryClosure, lazyChunkOf, staticClosure } from './route-preloads';

/** The landing page's sections under its opening, loaded after its first paint (budgeted with it). */
const LANDING_SECTIONS = 'src/features/landing/BelowTheFold.tsx';

/**
 * Chunks the build makes of small modules its automatic splitting left in a chunk each, because each is
 * shared by a different set of screens: the editor's page asked for 30 files on the browser's six
 * connections, a dozen of them under 1 kB. Each group holds only the modules named here (not what they
 * import, which stays where it was), so a screen that needs one of them loads the others of its group
 * too: small, and measured for every screen when a module is added (a global merge tried in session 12
 * tripled some screens' JavaScript).
 */
export const CHUNK_GROUPS: { name: string; test: RegExp; includeDependenciesRecursively: false }[] = [
  {
    // SWR, the app's settings for it and the layout that provides them: every screen but the landing page
    // loads all of them (DataLayout).
    name: 'swr',
    test: /[\\/](node_modules[\\/](swr[\\/]dist[\\/](_internal[\\/](index|constants)\.mjs|use-swr-[^\\/]*\.mjs|config-context-[^\\/]*\.mjs)|dequal[\\/]lite[\\/]index\.mjs|use-sync-external-store[\\/](shim[\\/]index\.js|cjs[\\/]use-sync-external-store-shim\.production\.js))|src[\\/](lib[\\/]swr\.ts|app[\\/]DataLayout\.tsx))$/,
    includeDependenciesRecursively: false,
  },
  {
    // The dialogs' and menus' parts most screens with data use, the state of the dialogs whose code comes
    // at their first opening, and what the editor shares with one to five other screens, each under
    // 2.5 kB gzip (not the handles' colours: the landing page's sections draw them, and would load the
    // whole group): one file of some 8 kB gzip instead of ten on the editor's page, ahead of its reads.
    name: 'screenKit',
    test: /[\\/](src[\\/]ui[\\/](Button|Dialog|ConfirmDialog|Menu|useLazyDialog|NotFoundState)\.tsx?|packages[\\/]contracts[\\/]src[\\/](workers|account|exports)\.ts|src[\\/]lib[\\/](offline|preferences)\.ts|src[\\/]features[\\/](generation[\\/](logic[\\/](statusCounts|liveGenerations)|hooks[\\/]useGenerationEvents)|exports[\\/](logic[\\/](saveFile|downloadErrors)|ExportMovieButton)|editor[\\/]logic[\\/]values|assets[\\/]UploadScope|workflows[\\/]workflowApi)\.tsx?|node_modules[\\/]swr[\\/]dist[\\/]infinite[\\/]index\.mjs)$|^\0cinegraph-endpoint:(updateMovie|tunnelStatus|movieGenerationStatus|setInputsFromWorkflow|generationStatus|generate|proxyWorkflow)$/,
    includeDependenciesRecursively: false,
  },
];

/**
 * Fails the build if the landing page loads a group's chunk, with its entry or its sections: a module
 * of a group imported there would take the whole group into the landing page's JavaScript (its budget
 * has a few hundred bytes to spare). `sections` is the module of its sections, if the build has one.
 */
export function chunkGroupsOffTheEntry(sections: string | null = LANDING_SECTIONS): Plugin {
  let root = '';
  return {
    name: 'cinegraph-chunk-groups-off-the-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const names = new Set(CHUNK_GROUPS.map((group) => group.name));
      const landing = [
        ...entryClosure(bundle),
        ...(sections ? staticClosure(bundle, lazyChunkOf(bundle, path.resolve(root, sections))) : []),
      ];
      const grouped = [...new Set(landing)].filter((chunk) => names.has(chunk.name));
      if (grouped.length > 0) {
        this.error(
          `chunk-groups: the landing page loads ${grouped.map((chunk) => chunk.fileName).join(', ')}; take its module out of the group`,
        );
      }
    },
  };
}
