/**
 * Screens of the route table that later work builds. Until then each shows a "coming soon" page with
 * the site navigation. Paths are relative to the root route.
 */
export interface PlaceholderScreen {
  path: string;
  title: string;
  blurb: string;
}

const TUTORIALS: ReadonlyArray<readonly [slug: string, title: string]> = [
  ['getting-started', 'Getting Started'],
  ['basic-process', 'Basic Process'],
  ['node-editor', 'Node Editor Tutorial'],
  ['node-editor-interactive', 'Interactive Node Editor'],
  ['storyboard', 'Storyboarding'],
  ['generations', 'Generations Tutorial'],
  ['troubleshooting', 'Troubleshooting'],
  ['other-concepts', 'Other Concepts'],
  // The page of the prompt-enhancing utility node, named after the product.
  ['cinegraph-prompt', 'Cinegraph Prompt'],
];

/** Signed-in screens still to come (the account page, /user, is built: features/account). */
export const SIGNED_IN_PLACEHOLDERS: PlaceholderScreen[] = [];

export const PLACEHOLDER_SCREENS: PlaceholderScreen[] = [
  {
    path: 'tutorials',
    title: 'Tutorials',
    blurb: 'Guides to Cinegraph, from a first movie to chained workflows.',
  },
  ...TUTORIALS.map(([slug, title]) => ({
    path: `tutorials/${slug}`,
    title,
    blurb: 'A chapter of the Cinegraph tutorials, with interactive examples.',
  })),
  {
    path: 'residencies',
    title: 'Summer Residency',
    blurb: 'Two months of free GPU access and prizes for storytelling, aesthetics and the frontier.',
  },
  { path: 'theatre', title: 'Theatre', blurb: 'Films made with Cinegraph, on the big screen.' },
];
