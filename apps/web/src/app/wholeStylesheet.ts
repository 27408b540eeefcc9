import type { RouteObject } from 'react-router';

let applied: Promise<void> | undefined;

/**
 * Applies the studio's whole stylesheet, which the built index.html only preloads (it inlines the rules of
 * the first screen: vite's first-paint-css plugin), and resolves once it applies. The landing page calls it
 * after its first paint; every other screen and panel waits for it before it renders, so none is ever
 * drawn without its styles. Without the preload (the dev server injects its styles itself) it resolves
 * at once; a sheet that fails to load resolves it too, as a blocking sheet that fails lets the page render.
 */
export function applyWholeStylesheet(): Promise<void> {
  applied ??= new Promise<void>((resolve) => {
    // Named, not the first style preload: a signed-in page preloads its route's own sheets too.
    const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-whole-stylesheet]');
    if (!preload) return resolve();
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    // Same request as the preload's (its CORS mode too), so it is answered from the preload.
    sheet.crossOrigin = preload.crossOrigin;
    sheet.href = preload.href;
    sheet.onload = sheet.onerror = () => resolve();
    document.head.append(sheet);
  });
  return applied;
}

/** Code that renders once the whole stylesheet applies: `load` and the sheet are fetched side by side. */
export function withWholeStylesheet<A extends unknown[], T>(
  load: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  return async (...args) => (await Promise.all([load(...args), applyWholeStylesheet()]))[0];
}

/** The route table with every lazy screen waiting for the whole stylesheet (see applyWholeStylesheet). */
export function screensWithWholeStylesheet(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = typeof route.lazy === 'function' ? withWholeStylesheet(route.lazy) : route.lazy;
    const children = route.children && screensWithWholeStylesheet(route.children);
    return { ...route, lazy, children } as RouteObject;
  });
}
