import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function renderedOpening(): Promise<string> {
  vi.resetModules();
  const { HeroSection } = await import('./HeroSection');
  return renderToString(<HeroSection onWatchTrailer={() => {}} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('the opening’s entrance', () => {
  it('fades the badge in on a page the app draws', async () => {
    vi.stubGlobal('document', { getElementById: () => ({ firstChild: null }) });
    expect(await renderedOpening()).toMatch(/<p class="animate-fade-in /);
  });

  it('does not fade it in again over a page that arrived with the opening drawn (no blink)', async () => {
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'root' ? { firstChild: {} } : null),
    });
    const opening = await renderedOpening();
    expect(opening).toContain('AI-assisted filmmaking studio · Open beta');
    expect(opening).not.toContain('animate-fade-in');
  });
});
