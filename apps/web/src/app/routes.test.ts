import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// The layout reads the stored user when its module loads; node has no local storage.
vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
const { routes } = await import('./routes');
const { RequireUser } = await import('./RequireUser');
const { TUTORIAL_PAGES } = await import('../features/tutorials/logic/tutorialPages');

/** The path of the deepest route that answers `url`, as written in the route table. */
function screenFor(url: string): string | undefined {
  const matches = matchRoutes(routes, url) ?? [];
  const route = matches.at(-1)?.route as RouteObject | undefined;
  return route?.index ? '/' : route?.path;
}

function requiresUser(url: string): boolean {
  return (matchRoutes(routes, url) ?? []).some(
    ({ route }) => isValidElement(route.element) && route.element.type === RequireUser,
  );
}

describe('the route table', () => {
  it.each([
    ['/', '/'],
    ['/residencies', 'residencies'],
    ['/theatre', 'theatre'],
    ['/movies', 'movies'],
    ['/scenes/m1', 'scenes/:movieId'],
    ['/scenes/m1/shots/s1', 'scenes/:movieId/shots/:sceneId'],
    ['/movies/m1/editor', 'movies/:movieId/editor'],
    ['/movies/m1/characters', 'movies/:movieId/characters'],
    [
      '/scenes/m1/shots/s1/shots/sh1/workflow/all_workflows',
      'scenes/:movieId/shots/:sceneId/shots/:shotId/workflow/:workflowId',
    ],
    ['/share/abc', 'share/:token'],
    ['/user', 'user'],
    ['/tutorials', 'tutorials'],
    ['/tutorials/getting-started', 'tutorials/getting-started'],
    ['/tutorials/basic-process', 'tutorials/basic-process'],
    ['/tutorials/node-editor', 'tutorials/node-editor'],
    ['/tutorials/node-editor-interactive', 'tutorials/node-editor-interactive'],
    ['/tutorials/storyboard', 'tutorials/storyboard'],
    ['/tutorials/generations', 'tutorials/generations'],
    ['/tutorials/troubleshooting', 'tutorials/troubleshooting'],
    ['/tutorials/other-concepts', 'tutorials/other-concepts'],
    ['/tutorials/cinegraph-prompt', 'tutorials/cinegraph-prompt'],
    ['/tutorials/inputs', 'tutorials/inputs'],
    ['/dev/use-as-input-display', 'dev/use-as-input-display'],
    ['/forum', 'forum'],
    ['/forum/post/p1', 'forum/post/:postId'],
    ['/forum/create-post', 'forum/create-post'],
    ['/comfyui-iframe?url=http%3A%2F%2Fworker', 'comfyui-iframe'],
  ])('shows a screen for %s', (url, path) => {
    expect(screenFor(url)).toBe(path);
  });

  it('sends unknown paths to the catch-all (which redirects home)', () => {
    expect(screenFor('/nowhere')).toBe('*');
    expect(screenFor('/tutorials/unknown-page')).toBe('*');
    expect(screenFor('/movies/m1')).toBe('*');
  });

  it('gives every tutorial page a route that names the browser tab after it', async () => {
    for (const page of TUTORIAL_PAGES) {
      const route = matchRoutes(routes, `/tutorials/${page.slug}`)?.at(-1)?.route;
      expect(route?.path).toBe(`tutorials/${page.slug}`);
      const loaded = await (route!.lazy as () => Promise<{ handle?: { title?: string } }>)();
      expect(loaded.handle?.title).toBe(page.title);
    }
  });

  it('guards only the movie list and the account page with a stored user', () => {
    expect(requiresUser('/movies')).toBe(true);
    expect(requiresUser('/user')).toBe(true);
    expect(requiresUser('/movies/m1/editor')).toBe(false);
    expect(requiresUser('/')).toBe(false);
  });
});
