import { matchRoutes, type LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// A signed-in browser: the stored user id is read when the session module loads.
vi.stubGlobal('localStorage', {
  getItem: (key: string) => (key === 'userId' ? 'u1' : null),
  setItem: () => {},
  removeItem: () => {},
});
const fetch = vi.fn(() => Promise.resolve(new Response('[]', { status: 200 })));
vi.stubGlobal('fetch', fetch);
// swr does nothing ahead on a server: it looks for a window when it loads.
vi.stubGlobal('window', globalThis);
const { preload } = await import('swr');
const { routes } = await import('./routes');
const { nodesKey, connectionsKey, movieKey } = await import('../features/editor/useEditorData');

describe('the editor route', () => {
  it("starts the editor's four reads as it matches, before its screen's code has loaded", async () => {
    const route = matchRoutes(routes, '/movies/m1/editor')!.at(-1)!.route;
    expect(typeof route.lazy).toBe('function');
    const loader = route.loader as (args: LoaderFunctionArgs) => unknown;
    expect(loader({ params: { movieId: 'm1' } } as unknown as LoaderFunctionArgs)).toBeNull();

    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
    const urls = fetch.mock.calls.map((call) => (call as unknown as [string])[0]).sort();
    expect(urls).toEqual(
      ['/api/v1/editor/utility_nodes', nodesKey('m1'), connectionsKey('m1'), movieKey('m1')].sort(),
    );
    // The screen's reads ask under the same keys, so they take these over instead of asking again.
    const again = vi.fn();
    for (const key of [nodesKey('m1'), connectionsKey('m1'), movieKey('m1')]) {
      await expect(preload(key, again)).resolves.toEqual([]);
    }
    expect(again).not.toHaveBeenCalled();
  });
});
