import { describe, expect, it } from 'vitest';
import { isCurrentItem, pagerOf, TUTORIAL_PAGES, TUTORIAL_SIDEBAR } from './tutorialPages';

describe('the tutorial pages', () => {
  it('lists the sidebar items of the spec under Getting Started', () => {
    expect(TUTORIAL_SIDEBAR.section.label).toBe('Getting Started');
    expect(TUTORIAL_SIDEBAR.items.map((item) => item.label)).toEqual([
      'Basic Process',
      'Storyboarding',
      'Node Editor',
      'What are Inputs?',
      'Generations',
      'Cinegraph Prompt',
      'Other Concepts',
    ]);
  });

  it('links every sidebar item to a page that exists', () => {
    const slugs = new Set(TUTORIAL_PAGES.map((page) => page.slug));
    for (const item of [TUTORIAL_SIDEBAR.section, ...TUTORIAL_SIDEBAR.items]) {
      expect(slugs.has(item.slug)).toBe(true);
    }
  });

  it('marks Node Editor current on the interactive editor too', () => {
    const nodeEditor = TUTORIAL_SIDEBAR.items.find((item) => item.slug === 'node-editor')!;
    expect(isCurrentItem(nodeEditor, '/tutorials/node-editor')).toBe(true);
    expect(isCurrentItem(nodeEditor, '/tutorials/node-editor-interactive/')).toBe(true);
    expect(isCurrentItem(nodeEditor, '/tutorials/inputs')).toBe(false);
  });

  it('pages through every page in reading order, stopping at both ends', () => {
    expect(pagerOf('getting-started').previous).toBeNull();
    expect(pagerOf('getting-started').next?.slug).toBe('basic-process');
    expect(pagerOf('troubleshooting').next).toBeNull();
    let slug: string | undefined = 'getting-started';
    const visited: string[] = [];
    while (slug) {
      visited.push(slug);
      slug = pagerOf(slug).next?.slug;
    }
    expect(visited).toEqual(TUTORIAL_PAGES.map((page) => page.slug));
  });
});
