/** One page of the tutorials, under /tutorials/{slug}. */
export interface TutorialPage {
  slug: string;
  title: string;
  /** One line for the index and the pager. */
  summary: string;
}

/** Every tutorial page, in reading order (the pager at the foot of each page follows it). */
export const TUTORIAL_PAGES: readonly TutorialPage[] = [
  {
    slug: 'getting-started',
    title: 'Getting Started',
    summary: 'What Cinegraph is, what it is not, and how a movie is organised.',
  },
  {
    slug: 'basic-process',
    title: 'Basic Process',
    summary: 'From an empty movie to exported footage: the five steps of every project.',
  },
  {
    slug: 'storyboard',
    title: 'Storyboarding',
    summary: 'Write shots, give them inputs, and let inputs flow from movie to scene to shot.',
  },
  {
    slug: 'import-script',
    title: 'Importing a Script',
    summary:
      'Fountain and Final Draft scripts into scenes, shots and characters, and importing again after edits.',
  },
  {
    slug: 'node-editor',
    title: 'Node Editor',
    summary: 'Input, workflow and utility nodes, handles and their colours, and how to connect them.',
  },
  {
    slug: 'node-editor-interactive',
    title: 'Interactive Node Editor',
    summary: 'Pick node examples by category and try the connection rules yourself.',
  },
  {
    slug: 'inputs',
    title: 'What are Inputs?',
    summary: 'Inputs defined once in the node editor and filled per scene, shot and character.',
  },
  {
    slug: 'generations',
    title: 'Generations',
    summary: 'Review takes, hide or delete them, and chain the good ones into other workflows.',
  },
  {
    slug: 'cut',
    title: 'Watching the Cut',
    summary:
      'Shot durations, playing the movie with its takes and slates, rendering an MP4, and the cost of a batch.',
  },
  // The page of the prompt-enhancing utility node, named after the product.
  {
    slug: 'cinegraph-prompt',
    title: 'Cinegraph Prompt',
    summary: 'The utility node that writes an enhanced prompt with a vision-language model.',
  },
  {
    slug: 'other-concepts',
    title: 'Other Concepts',
    summary: 'Workflows, LoRA, image and video models, ControlNet and the rest of the vocabulary.',
  },
  {
    slug: 'troubleshooting',
    title: 'Troubleshooting',
    summary: 'Connections not saved, type mismatches, missing inputs, failed or unexpected generations.',
  },
];

export interface SidebarItem {
  slug: string;
  label: string;
  /** Other pages on which this item is the current one (the interactive editor belongs to Node Editor). */
  alsoCurrentOn?: readonly string[];
}

/** The sidebar of the tutorial layout, as the spec lists it: a 'Getting Started' section and its items. */
export const TUTORIAL_SIDEBAR: { section: SidebarItem; items: readonly SidebarItem[] } = {
  section: { slug: 'getting-started', label: 'Getting Started' },
  items: [
    { slug: 'basic-process', label: 'Basic Process' },
    { slug: 'storyboard', label: 'Storyboarding' },
    { slug: 'node-editor', label: 'Node Editor', alsoCurrentOn: ['node-editor-interactive'] },
    { slug: 'inputs', label: 'What are Inputs?' },
    { slug: 'generations', label: 'Generations' },
    { slug: 'cinegraph-prompt', label: 'Cinegraph Prompt' },
    { slug: 'other-concepts', label: 'Other Concepts' },
  ],
};

export function tutorialPath(slug: string): string {
  return `/tutorials/${slug}`;
}

export function tutorialPage(slug: string): TutorialPage {
  const page = TUTORIAL_PAGES.find((p) => p.slug === slug);
  if (!page) throw new Error(`No tutorial page "${slug}"`);
  return page;
}

/** Whether a sidebar item is the page being read. */
export function isCurrentItem(item: SidebarItem, pathname: string): boolean {
  const slug = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return item.slug === slug || (item.alsoCurrentOn ?? []).includes(slug);
}

/** The pages before and after `slug` in reading order (none past either end). */
export function pagerOf(slug: string): { previous: TutorialPage | null; next: TutorialPage | null } {
  const at = TUTORIAL_PAGES.findIndex((p) => p.slug === slug);
  if (at < 0) return { previous: null, next: null };
  return { previous: TUTORIAL_PAGES[at - 1] ?? null, next: TUTORIAL_PAGES[at + 1] ?? null };
}
