import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// The built index.html as the browser sees it: the whole sheet preloaded, not applied.
const head: { rel: string; href: string; crossOrigin: string | null; onload?: () => void }[] = [];
const preload = { rel: 'preload', href: '/assets/index-abc.css', crossOrigin: 'anonymous' };
vi.stubGlobal('document', {
  querySelector: (selector: string) =>
    selector === 'link[rel="preload"][data-whole-stylesheet]' ? preload : null,
  createElement: () => ({ rel: '', href: '', crossOrigin: null }),
  head: { append: (link: (typeof head)[number]) => head.push(link) },
});
const { screensWithWholeStylesheet } = await import('./wholeStylesheet');

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve));
  return done;
};

describe('screens and the whole stylesheet', () => {
  it('renders a lazy screen, however deep, only once the preloaded whole stylesheet applies', async () => {
    const screen = { Component: () => null };
    const [root] = screensWithWholeStylesheet([
      { path: '/', children: [{ index: true }, { path: 'movies', lazy: async () => screen }] },
    ]) as [RouteObject];
    const load = root.children![1]!.lazy as () => Promise<unknown>;

    const loading = load();
    expect(await settled(loading)).toBe(false);
    expect(head).toEqual([
      expect.objectContaining({ rel: 'stylesheet', href: preload.href, crossOrigin: 'anonymous' }),
    ]);

    head[0]!.onload!();
    await expect(loading).resolves.toBe(screen);
    expect(root.children![0]).toEqual({ index: true, lazy: undefined, children: undefined });
    // Applied once: later screens find it applied.
    await load();
    expect(head).toHaveLength(1);
  });
});
