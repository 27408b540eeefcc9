import { beforeAll, describe, expect, it } from 'vitest';
import { renderLandingOpening, withLandingOpening } from '../../../landing-html';

const INDEX_HTML =
  '<!doctype html><html><head><style>.hero{}</style></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/index-1a2b.js"></script></body></html>';

let opening: string;
beforeAll(async () => {
  opening = await renderLandingOpening();
});

describe('the landing page drawn at build time (landing.html)', () => {
  it('holds the whole first screen a signed-out visitor sees, and nothing below it', () => {
    // The navigation: brand, site links, the sign-in button (signed out), the phone menu.
    expect(opening).toContain('aria-label="Cinegraph home"');
    for (const [label, href] of [
      ['Tutorials', '/tutorials/getting-started'],
      ['Residencies', '/residencies'],
      ['Theatre', '/theatre'],
      ['Forum', '/forum'],
    ]) {
      expect(opening).toMatch(new RegExp(`href="${href}"[^>]*>${label}</a>`));
    }
    expect(opening).toContain('>Sign In</button>');
    expect(opening).not.toContain('Log Out');
    expect(opening).toContain('aria-label="Menu"');
    // The opening, exactly as the spec words it.
    expect(opening).toContain('AI-assisted filmmaking studio · Open beta');
    expect(opening).toMatch(
      /<h1 id="hero-title"[^>]*>Make old things easier and.*new things possible<\/span><\/h1>/,
    );
    expect(opening).toContain('Cinegraph is a studio for filmmakers and digital artists.');
    expect(opening).toMatch(/href="#reimagine"[^>]*>.*Watch the trailer<\/a>/);
    expect(opening).toMatch(/href="#how-it-works"[^>]*>How it works/);
    expect(opening).toContain('aria-label="Scroll to Reimagine filmmaking"');
    expect(opening).toContain('aria-label="Play background video"');
    // The sections below come after the first paint, as in the app.
    expect(opening).not.toContain('id="reimagine"');
    expect(opening).not.toContain('<footer');
  });

  it('puts the opening into the built page’s root, its film without anything to download, its buttons waiting', () => {
    const page = withLandingOpening(INDEX_HTML, opening);
    const root = /<div id="root">(.*)<\/div><script/.exec(page)?.[1] ?? '';
    expect(root).toContain('<main id="main">');
    // The rest of the page (inline first-paint rules, the app's script) is index.html's.
    expect(page.replace(root, '')).toBe(INDEX_HTML);
    const film = /<video\b[^>]*>/.exec(root)?.[0];
    expect(film).toContain('preload="none"');
    expect(film).not.toMatch(/\s(src|poster|autoplay)=/i);
    expect(film).toContain('class="absolute inset-0 -z-20 size-full object-cover"');
    // Its buttons wait for the app's (a click before them would be lost); its links are links.
    const buttons = root.match(/<button\b[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThanOrEqual(3);
    for (const button of buttons) expect(button).toContain('disabled=""');
    expect(root).toMatch(/<a [^>]*href="\/forum"/);
  });

  it('refuses a page without an empty root to draw into', () => {
    expect(() => withLandingOpening('<div id="app"></div>', '<main></main>')).toThrow(/no <div id="root">/);
  });
});
