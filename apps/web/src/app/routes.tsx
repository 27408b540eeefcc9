import type { StoryboardLevel } from '@cinegraph/contracts';
import { Navigate, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/LandingPage';
import { TUTORIAL_ROUTES } from '../features/tutorials/tutorialRoutes';
import { AppLoading } from './AppLoading';
import { communityRoutes } from './communityRoutes';
import { SiteLayout } from './layout/SiteLayout';
import { startEditorReads } from '../features/editor/editorReads';
import { startGenerationReads } from '../features/generation/generationReads';
import { startStoryboardReads } from '../features/storyboard/storyboardReads';
import { getStoredUser } from '../lib/session';
import { PLACEHOLDER_SCREENS, SIGNED_IN_PLACEHOLDERS, type PlaceholderScreen } from './placeholderScreens';
import { RequireUser } from './RequireUser';
import type { RouteHandle } from './routeHandle';
import { RouteErrorPage } from './RouteErrorPage';

function placeholder({ path, title, blurb }: PlaceholderScreen): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    lazy: async () => {
      const { ComingSoonPage } = await import('./ComingSoonPage');
      return { element: <ComingSoonPage title={title} blurb={blurb} /> };
    },
  };
}

/**
 * A storyboard list screen. As the editor's, its first reads (the list, its pictures, the titles above)
 * start as the route matches, beside its code's download; only another list needs another start.
 */
function storyboardRoute(
  path: string,
  title: string,
  level: StoryboardLevel,
  page: 'ScenesPage' | 'ShotsPage' | 'CharactersPage',
): RouteObject {
  return {
    path,
    handle: { title } satisfies RouteHandle,
    loader: ({ params: { movieId, sceneId } }) => {
      if (movieId && getStoredUser().userId) startStoryboardReads({ level, movieId, sceneId });
      return null;
    },
    shouldRevalidate: ({ currentParams, nextParams }) =>
      currentParams.movieId !== nextParams.movieId || currentParams.sceneId !== nextParams.sceneId,
    lazy: () => import('../features/storyboard/StoryboardPages').then((m) => ({ Component: m[page] })),
  };
}

// Every screen but the landing page is its own chunk, so the landing page downloads only what it shows;
// the landing page comes with the entry, so its first paint waits on no second download.
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <SiteLayout />,
    errorElement: <RouteErrorPage standalone />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      {
        // Errors of a screen render here, inside the layout, so the navigation stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, Component: LandingPage },
          {
            // Every screen but the landing page reads through SWR: its cache settings and SWR itself come
            // with the first of them, not with the landing page's JavaScript.
            lazy: () => import('./DataLayout').then((m) => ({ Component: m.DataLayout })),
            children: [
              {
                element: <RequireUser />,
                children: [
                  {
                    path: 'movies',
                    handle: { title: 'My Movies' } satisfies RouteHandle,
                    lazy: () =>
                      import('../features/movies/MoviesPage').then((m) => ({ Component: m.MoviesPage })),
                  },
                  {
                    path: 'user',
                    handle: { title: 'Account' } satisfies RouteHandle,
                    lazy: () =>
                      import('../features/account/AccountPage').then((m) => ({ Component: m.AccountPage })),
                  },
                  ...SIGNED_IN_PLACEHOLDERS.map(placeholder),
                ],
              },
              {
                path: 'share/:token',
                handle: { title: 'Shared Movie' } satisfies RouteHandle,
                lazy: () =>
                  import('../features/sharing/AcceptSharedMoviePage').then((m) => ({
                    Component: m.AcceptSharedMoviePage,
                  })),
              },
              {
                path: 'movies/:movieId/editor',
                handle: { title: 'Node Editor' } satisfies RouteHandle,
                // The editor's reads start with its code's download, not after it (a static loader runs
                // beside `lazy`); it returns at once, so the screen never waits on it.
                loader: ({ params }) => {
                  const { movieId } = params;
                  if (movieId && getStoredUser().userId) startEditorReads(movieId);
                  return null;
                },
                // Only a new movie needs a new start; the editor's own writes re-read what they changed.
                shouldRevalidate: ({ currentParams, nextParams }) =>
                  currentParams.movieId !== nextParams.movieId,
                lazy: () =>
                  import('../features/editor/EditorPage').then((m) => ({ Component: m.EditorPage })),
              },
              {
                path: 'comfyui-iframe',
                handle: { title: 'Workflow Editor' } satisfies RouteHandle,
                lazy: () =>
                  import('../features/workflows/ComfyIframePage').then((m) => ({
                    Component: m.ComfyIframePage,
                  })),
              },
              {
                element: <RequireUser />,
                children: [
                  storyboardRoute('scenes/:movieId', 'Scenes', 'scene', 'ScenesPage'),
                  storyboardRoute('scenes/:movieId/shots/:sceneId', 'Shots', 'shot', 'ShotsPage'),
                  {
                    path: 'scenes/:movieId/shots/:sceneId/shots/:shotId/workflow/:workflowId',
                    handle: { title: 'Generations' } satisfies RouteHandle,
                    // As the editor's: the takes and what surrounds them are read beside the code's download.
                    loader: ({ params }) => {
                      const { movieId, sceneId, shotId, workflowId } = params;
                      if (movieId && sceneId && shotId && workflowId && getStoredUser().userId) {
                        startGenerationReads(movieId, sceneId, shotId, workflowId);
                      }
                      return null;
                    },
                    lazy: () =>
                      import('../features/generation/GenerationsPage').then((m) => ({
                        Component: m.GenerationsPage,
                      })),
                  },
                  storyboardRoute('movies/:movieId/characters', 'Characters', 'character', 'CharactersPage'),
                ],
              },
              ...communityRoutes,
              {
                lazy: () => import('./layout/TutorialLayout').then((m) => ({ Component: m.TutorialLayout })),
                children: TUTORIAL_ROUTES,
              },
              ...PLACEHOLDER_SCREENS.map(placeholder),
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
];
