import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/routeHandle';

type PageModule = Promise<{ Component: () => React.JSX.Element }>;

// One chunk per page: the demos (and React Flow with them) load only on the pages that show them.
const PAGES: Record<string, () => PageModule> = {
  'getting-started': () =>
    import('./pages/GettingStartedPage').then((m) => ({ Component: m.GettingStartedPage })),
  'basic-process': () => import('./pages/BasicProcessPage').then((m) => ({ Component: m.BasicProcessPage })),
  storyboard: () =>
    import('./pages/StoryboardTutorialPage').then((m) => ({ Component: m.StoryboardTutorialPage })),
  'import-script': () =>
    import('./pages/ImportScriptTutorialPage').then((m) => ({ Component: m.ImportScriptTutorialPage })),
  'node-editor': () => import('./pages/NodeEditorPage').then((m) => ({ Component: m.NodeEditorPage })),
  'node-editor-interactive': () =>
    import('./pages/InteractiveNodeEditorPage').then((m) => ({ Component: m.InteractiveNodeEditorPage })),
  inputs: () => import('./pages/InputsPage').then((m) => ({ Component: m.InputsPage })),
  generations: () =>
    import('./pages/GenerationsTutorialPage').then((m) => ({ Component: m.GenerationsTutorialPage })),
  cut: () => import('./pages/CutTutorialPage').then((m) => ({ Component: m.CutTutorialPage })),
  'cinegraph-prompt': () => import('./pages/PromptNodePage').then((m) => ({ Component: m.PromptNodePage })),
  'other-concepts': () =>
    import('./pages/OtherConceptsPage').then((m) => ({ Component: m.OtherConceptsPage })),
  troubleshooting: () =>
    import('./pages/TroubleshootingPage').then((m) => ({ Component: m.TroubleshootingPage })),
};

/** The tutorial routes, children of the tutorial layout: the index and one route per page. */
export const TUTORIAL_ROUTES: RouteObject[] = [
  {
    path: 'tutorials',
    handle: { title: 'Tutorials' } satisfies RouteHandle,
    lazy: () => import('./pages/TutorialsIndexPage').then((m) => ({ Component: m.TutorialsIndexPage })),
  },
  ...Object.entries(PAGES).map(([slug, load]) => ({
    path: `tutorials/${slug}`,
    // The page's title comes with its code, so the list of pages stays out of the first page's load.
    lazy: async () => {
      const [page, { tutorialPage }] = await Promise.all([load(), import('./logic/tutorialPages')]);
      return { ...page, handle: { title: tutorialPage(slug).title } satisfies RouteHandle };
    },
  })),
];
