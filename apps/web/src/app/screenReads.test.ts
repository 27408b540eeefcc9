import { matchRoutes, type LoaderFunctionArgs, type Params } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// A signed-in browser: the stored user id is read when the session module loads.
vi.stubGlobal('localStorage', {
  getItem: (key: string) => (key === 'userId' ? 'u1' : null),
  setItem: () => {},
  removeItem: () => {},
});
const fetch = vi.fn(() => Promise.resolve(new Response('[]', { status: 200 })));
vi.stubGlobal('fetch', fetch);
const { routes } = await import('./routes');
const storyboard = await import('../features/storyboard/storyboardReads');
const generations = await import('../features/generation/generationReads');
const editor = await import('../features/editor/editorReads');

/** Runs the loader of the route `path` matches, as the router does before the screen's code has come. */
function matchAndLoad(path: string): void {
  const [match] = matchRoutes(routes, path)!.slice(-1);
  const loader = match!.route.loader as (args: LoaderFunctionArgs) => unknown;
  expect(typeof match!.route.lazy).toBe('function');
  expect(loader({ params: match!.params as Params } as LoaderFunctionArgs)).toBeNull();
}

const requested = () => fetch.mock.calls.map((call) => (call as unknown as [string])[0]).sort();

describe('the editor, storyboard and generations routes', () => {
  beforeEach(() => fetch.mockClear());

  it("start the editor's four reads as it matches, as its page preloads them, taken over once", async () => {
    matchAndLoad('/movies/m1/editor');
    expect(requested()).toEqual(
      [
        editor.utilityTemplatesKey(),
        editor.nodesKey('m1'),
        editor.connectionsKey('m1'),
        editor.movieKey('m1'),
      ].sort(),
    );
    // Sent as the editor's page preloads them (no header of the studio's), so the browser takes those over.
    for (const [, init] of fetch.mock.calls as unknown as [string, RequestInit][]) {
      expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
      expect(init.headers).toEqual({});
    }
    await Promise.all([
      editor.readNodes('m1'),
      editor.readConnections('m1'),
      editor.readMovie('m1'),
      editor.readUtilityTemplates(),
    ]);
    expect(fetch).toHaveBeenCalledTimes(4);
    await editor.readNodes('m1');
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it("hand the editor's graph over in one piece: nodes and connections only once the movie has come", async () => {
    let answerMovie = (_: Response) => {};
    const movieAnswer = new Promise<Response>((resolve) => (answerMovie = resolve));
    fetch.mockImplementation(((url: string) =>
      url === editor.movieKey('m2')
        ? movieAnswer
        : Promise.resolve(new Response('[]', { status: 200 }))) as unknown as typeof fetch);
    try {
      matchAndLoad('/movies/m2/editor');
      const handed: string[] = [];
      void editor.readNodes('m2').then(() => handed.push('nodes'));
      void editor.readConnections('m2').then(() => handed.push('connections'));
      void editor.readMovie('m2').then(() => handed.push('movie'));
      await editor.readUtilityTemplates();
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The menus' templates come as they come; the graph waits for its last part.
      expect(handed).toEqual([]);
      answerMovie(new Response('{}', { status: 200 }));
      await vi.waitFor(() => expect(handed.sort()).toEqual(['connections', 'movie', 'nodes']));
    } finally {
      fetch.mockImplementation(() => Promise.resolve(new Response('[]', { status: 200 })));
    }
  });

  it("start a shot list's reads as they match (the list and all its pictures in one call), taken over once", async () => {
    matchAndLoad('/scenes/m1/shots/s1');
    const scope = { level: 'shot' as const, movieId: 'm1', sceneId: 's1' };
    expect(requested()).toEqual(
      [
        storyboard.listKey(scope),
        storyboard.displayImagesKey(scope),
        '/api/v1/movies/m1',
        '/api/v1/scenes/s1',
      ].sort(),
    );
    expect(storyboard.displayImagesKey(scope)).toBe('/api/v1/utils/latest_display_images/shot/s1');
    await Promise.all([storyboard.readList(scope), storyboard.readDisplayImages(scope)]);
    expect(fetch).toHaveBeenCalledTimes(4);
    // Taken once: the next read asks the server again.
    await storyboard.readList(scope);
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it("start the scenes' and characters' lists with their pictures of the movie", () => {
    matchAndLoad('/scenes/m1');
    expect(requested()).toContain('/api/v1/utils/latest_display_images/scene/m1');
    fetch.mockClear();
    matchAndLoad('/movies/m1/characters');
    expect(requested()).toContain('/api/v1/utils/latest_display_images/character/m1');
  });

  it("start the generations screen's takes and what surrounds them as it matches", async () => {
    matchAndLoad('/scenes/m1/shots/s1/shots/h1/workflow/all_workflows');
    expect(requested()).toEqual(
      [
        generations.takesKey('h1', 'all_workflows'),
        '/api/v1/movies/workflow_nodes/m1',
        '/api/v1/movies/m1',
        '/api/v1/scenes/s1',
        '/api/v1/shots/scene/s1',
      ].sort(),
    );
    expect(generations.takesKey('h1', 'all_workflows')).toBe('/api/v1/generations/shot/h1?show_hidden=true');
    await generations.readTakes('h1', 'all_workflows');
    expect(fetch).toHaveBeenCalledTimes(5);
  });
});
