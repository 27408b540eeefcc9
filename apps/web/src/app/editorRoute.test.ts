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
const { routes } = await import('./routes');
const reads = await import('../features/editor/editorReads');

describe('the editor route', () => {
  it("starts the editor's four reads as it matches, and the editor takes them over", async () => {
    const route = matchRoutes(routes, '/movies/m1/editor')!.at(-1)!.route;
    expect(typeof route.lazy).toBe('function');
    const loader = route.loader as (args: LoaderFunctionArgs) => unknown;
    expect(loader({ params: { movieId: 'm1' } } as unknown as LoaderFunctionArgs)).toBeNull();

    // At once, not after a chunk: the route table's own code starts them.
    const urls = fetch.mock.calls.map((call) => (call as unknown as [string])[0]).sort();
    expect(urls).toEqual(
      [
        reads.utilityTemplatesKey(),
        reads.nodesKey('m1'),
        reads.connectionsKey('m1'),
        reads.movieKey('m1'),
      ].sort(),
    );
    // The editor's reads take these over once; the next read of each asks the server again.
    await Promise.all([
      reads.readNodes('m1'),
      reads.readConnections('m1'),
      reads.readMovie('m1'),
      reads.readUtilityTemplates(),
    ]);
    expect(fetch).toHaveBeenCalledTimes(4);
    await reads.readNodes('m1');
    expect(fetch).toHaveBeenCalledTimes(5);
  });
});
