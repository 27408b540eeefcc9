import type { RouteObject } from 'react-router';
import type { RouteHandle } from './routeHandle';

/** The community's screens: the forum, curated media, the theatre and the residencies (public). */
export const communityRoutes: RouteObject[] = [
  {
    path: 'residencies',
    handle: { title: 'Summer Residency' } satisfies RouteHandle,
    lazy: () =>
      import('../features/marketing/ResidenciesPage').then((m) => ({ Component: m.ResidenciesPage })),
  },
  {
    path: 'theatre',
    handle: { title: 'Theatre' } satisfies RouteHandle,
    lazy: () => import('../features/marketing/TheatrePage').then((m) => ({ Component: m.TheatrePage })),
  },
  {
    path: 'forum',
    handle: { title: 'Forum' } satisfies RouteHandle,
    lazy: () => import('../features/forum/ForumPage').then((m) => ({ Component: m.ForumPage })),
  },
  {
    path: 'forum/post/:postId',
    handle: { title: 'Forum Post' } satisfies RouteHandle,
    lazy: () => import('../features/forum/PostPage').then((m) => ({ Component: m.PostPage })),
  },
  {
    path: 'forum/create-post',
    handle: { title: 'Create Post' } satisfies RouteHandle,
    lazy: () => import('../features/forum/CreatePostPage').then((m) => ({ Component: m.CreatePostPage })),
  },
  {
    path: 'dev/use-as-input-display',
    handle: { title: 'Curated Media' } satisfies RouteHandle,
    lazy: () =>
      import('../features/curated/CuratedMediaPage').then((m) => ({ Component: m.CuratedMediaPage })),
  },
];
