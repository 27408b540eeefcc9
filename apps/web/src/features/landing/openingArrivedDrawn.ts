/**
 * Whether this page arrived with the landing page's opening already drawn in it (the built landing.html,
 * which the server answers `/` with): the app's first render replaces that markup with the same screen,
 * so an entrance animation there would play a second time and blink. Read when the module loads, before
 * the app's first render empties the root (false where there is no document: the build's own render).
 */
export const openingArrivedDrawn = Boolean(globalThis.document?.getElementById('root')?.firstChild);
