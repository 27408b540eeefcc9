import path from 'node:path';
import { runnerImport } from 'vite';
import type { Plugin } from 'vite';

const OPENING_MODULE = path.resolve(import.meta.dirname, 'src/features/landing/landingOpeningMarkup.tsx');
const EMPTY_ROOT = '<div id="root"></div>';

/** The built page the server answers `/` with (for visitors without a session: see the server's web-app.ts). */
export const LANDING_HTML = 'landing.html';

/**
 * Writes landing.html beside index.html: the same page with the landing page's first screen (navigation
 * and opening, as a signed-out visitor sees it) already in #root, rendered at build time with
 * react-dom/server, so a first visit paints it as soon as the HTML and its inline first-paint rules are
 * read, not after the 114 kB of JavaScript. The app renders the same screen over it (createRoot replaces
 * the root's children in one commit). index.html stays empty for every other address: a pre-drawn
 * landing page there would flash before /movies.
 */
export function landingHtml(): Plugin {
  return {
    name: 'cinegraph-landing-html',
    apply: 'build',
    generateBundle: {
      // After vite's HTML plugin (and first-paint-css's transform) has emitted the final index.html.
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('landing-html: no built index.html');
        const source = withLandingOpening(String(index.source), await renderLandingOpening());
        this.emitFile({ type: 'asset', fileName: LANDING_HTML, source });
      },
    },
  };
}

/** The landing page's first screen as HTML, rendered in Node as a first-time visitor's browser would. */
export async function renderLandingOpening(): Promise<string> {
  // The stored user is read from localStorage when its module loads: a first visit has nothing stored.
  const hadStorage = 'localStorage' in globalThis;
  if (!hadStorage) Object.assign(globalThis, { localStorage: EMPTY_STORAGE });
  try {
    const { module } = await runnerImport<{ landingOpeningMarkup(): Promise<string> }>(OPENING_MODULE, {
      configFile: false,
      root: import.meta.dirname,
      logLevel: 'warn',
    });
    return await module.landingOpeningMarkup();
  } finally {
    if (!hadStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
  }
}

const EMPTY_STORAGE = { getItem: () => null, setItem: () => {}, removeItem: () => {}, clear: () => {} };

/**
 * index.html with the opening in #root. Its background film is drawn empty (no source, no poster): the
 * app's own film element replaces it within the second, and the pre-drawn one must not start a second
 * download of the 0.9 MB loop nor decode the poster before the first frame. Its buttons (Sign In, the
 * menu, the film's pause) are disabled: they do nothing until the app's own replace them, and a click
 * there would be lost (links work as links).
 */
export function withLandingOpening(indexHtml: string, openingMarkup: string): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`landing-html: index.html has no ${EMPTY_ROOT}`);
  const opening = openingMarkup.replace(/<video\b[^>]*>/g, (tag) =>
    tag.replace(/\s(?:src|poster|autoplay|preload)="[^"]*"/gi, '').replace('<video', '<video preload="none"'),
  );
  const inert = opening.replace(/<button\b/g, '<button disabled=""');
  return indexHtml.replace(EMPTY_ROOT, `<div id="root">${inert}</div>`);
}
