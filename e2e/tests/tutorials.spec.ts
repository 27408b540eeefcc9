import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { dragConnect, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';

const artifacts = path.resolve(import.meta.dirname, '../artifacts');
fs.mkdirSync(artifacts, { recursive: true });

const PAGES: [slug: string, heading: string][] = [
  ['getting-started', 'Getting Started'],
  ['basic-process', 'Basic Process'],
  ['storyboard', 'Storyboarding'],
  ['import-script', 'Importing a Script'],
  ['node-editor', 'Node Editor'],
  ['node-editor-interactive', 'Interactive Node Editor'],
  ['inputs', 'What are Inputs?'],
  ['generations', 'Generations'],
  ['cut', 'Watching the Cut'],
  ['cinegraph-prompt', 'Cinegraph Prompt'],
  ['other-concepts', 'Other Concepts'],
  ['troubleshooting', 'Troubleshooting'],
];

const SIDEBAR = [
  'Getting Started',
  'Basic Process',
  'Storyboarding',
  'Node Editor',
  'What are Inputs?',
  'Generations',
  'Cinegraph Prompt',
  'Other Concepts',
];

/** Every request the page makes to the API: the tutorials must make none. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
  });
  return calls;
}

/** A whole-page screenshot from the top, so the fixed navigation sits where a reader sees it. */
async function screenshotPage(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

function demoNode(page: Page, id: string): Locator {
  return page.locator(`[data-testid="editor-node"][data-node-id="${id}"]`);
}

function handle(page: Page, nodeId: string, label: string): Locator {
  return demoNode(page, nodeId).getByLabel(label, { exact: true });
}

test('a newcomer reads every tutorial page from the landing page, on a desktop', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const apiCalls = recordApiCalls(page);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tutorials' }).click();
  await expect(page).toHaveURL(/\/tutorials\/getting-started$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Getting Started' })).toBeVisible();
  await expect(page.getByText('not a script writer')).toBeVisible();
  await expect(page.getByText('not a full movie maker')).toBeVisible();
  await expect(page.getByText('Write by day, generate by night')).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Tutorials' });
  await expect(sidebar.getByRole('link')).toHaveText(SIDEBAR);
  await expect(sidebar.getByRole('link', { name: 'Getting Started' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Each sidebar item opens its page and becomes the current one.
  for (const label of SIDEBAR.slice(1)) {
    await sidebar.getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
    await expect(sidebar.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  }

  // The pager reaches the pages the sidebar does not list.
  await page.goto('/tutorials/node-editor');
  await page.getByRole('navigation', { name: 'Tutorial pages' }).getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/\/tutorials\/node-editor-interactive$/);
  await expect(sidebar.getByRole('link', { name: 'Node Editor' })).toHaveAttribute('aria-current', 'page');

  // The index lists every page.
  await page.goto('/tutorials');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials' })).toBeVisible();
  for (const [slug, title] of PAGES) {
    await expect(page.locator(`main a[href="/tutorials/${slug}"]`)).toContainText(title);
  }

  // Every page, with what the spec says it holds, screenshotted.
  const content: Record<string, string[]> = {
    troubleshooting: [
      'Press Save',
      'type mismatch',
      'missing inputs',
      'A generation failed',
      'not what I expected',
    ],
    'other-concepts': [
      'Workflows',
      'LoRA',
      'Video models',
      'Image models',
      'Text-to-video',
      'Image-to-video',
      'Video-to-video',
      'Character reproduction',
      'IP-adapters',
      'ControlNet',
      'VACE',
    ],
    'cinegraph-prompt': ['vision-language models', 'Enhanced Prompt'],
    storyboard: ['inherit', 'mentions the character'],
    'import-script': ['INT. HOTEL LOBBY - NIGHT', 'No longer in the script', 'Dialogue'],
    generations: ['Chaining workflows', 'batch download'],
    inputs: ['scene', 'shot', 'character'],
  };
  for (const [slug, title] of PAGES) {
    await page.goto(`/tutorials/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    for (const text of content[slug] ?? []) await expect(page.locator('main')).toContainText(text);
    await screenshotPage(page, `tutorials-${slug}-desktop`);
  }

  // The prompt node page shows the studio's prompt node with its handles.
  await page.goto('/tutorials/cinegraph-prompt');
  for (const label of [
    'Prompt input',
    'Camera Angle input',
    'Extra Instructions #1 input',
    'Character Image input',
    'Location Image input',
    'Concept Image input',
    'Enhanced Prompt output',
  ]) {
    await expect(handle(page, 'cinegraph-prompt', label)).toBeAttached();
  }

  expect(apiCalls).toEqual([]);
  await context.close();
});

test('the interactive node editor connects, refuses wrong connections and retypes inputs', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const apiCalls = recordApiCalls(page);
  await page.goto('/tutorials/node-editor-interactive');
  await page.getByRole('group', { name: 'Interactive node editor' }).scrollIntoViewIfNeeded();
  const message = page.getByTestId('demo-message');
  const edges = page.locator('.react-flow__edge');
  await expect(demoNode(page, 'add-text')).toBeVisible();
  await expect(edges).toHaveCount(1);
  // The lesson's lock wraps the studio's node (the nearest element that says whether it is locked).
  await expect(demoNode(page, 'movie-style').locator('xpath=ancestor::*[@data-locked][1]')).toHaveAttribute(
    'data-locked',
    'true',
  );

  // Connect: the shot's action into Add Text.
  await dragConnect(
    page,
    handle(page, 'shot-action', 'output output'),
    handle(page, 'add-text', 'Text 2 input'),
  );
  await expect(edges).toHaveCount(2);
  await expect(message).toHaveText('Connected Shot action to Add Text.');

  // Refused: a workflow output into a utility's handle.
  await dragConnect(
    page,
    handle(page, 'text-to-image', 'Image output'),
    handle(page, 'add-text', 'Text 2 input'),
  );
  await expect(message).toHaveText('A workflow output connects only to a workflow handle.');
  await expect(edges).toHaveCount(2);
  await page.screenshot({ path: path.join(artifacts, 'tutorials-interactive-refused-desktop.png') });

  // Refused: the locked input cannot go elsewhere.
  await dragConnect(
    page,
    handle(page, 'movie-style', 'output output'),
    handle(page, 'text-to-image', 'Prompt input'),
  );
  await expect(message).toHaveText('This input is locked: it stays connected where the lesson put it.');
  await expect(edges).toHaveCount(2);

  // A workflow output into a workflow's handle of its type.
  await dragConnect(
    page,
    handle(page, 'text-to-image', 'Image output'),
    handle(page, 'image-to-video', 'Image input'),
  );
  await expect(edges).toHaveCount(3);

  // An input node takes the type of the handle it connects to; one outgoing connection per input.
  const resolutionOut = handle(page, 'resolution', 'output output');
  await expect(resolutionOut).toHaveAttribute('data-handle-type', 'vector2');
  await dragConnect(page, resolutionOut, handle(page, 'text-to-image', 'Prompt input'));
  await expect(resolutionOut).toHaveAttribute('data-handle-type', 'text');
  await expect(edges).toHaveCount(4);
  await dragConnect(page, resolutionOut, handle(page, 'text-to-image', 'Resolution input'));
  await expect(resolutionOut).toHaveAttribute('data-handle-type', 'vector2');
  await expect(edges).toHaveCount(4);
  const receives = page.getByRole('region', { name: 'What Text to Image receives' });
  await expect(receives).toContainText('Resolution');
  await expect(receives).toContainText('from Resolution');
  await expect(receives).toContainText('Prompt');

  // Node examples by category.
  const nodes = page.getByTestId('editor-node');
  const before = await nodes.count();
  await page.getByRole('tab', { name: 'Utility' }).click();
  await page.getByRole('button', { name: 'Add Download' }).click();
  await page.getByRole('tab', { name: 'Workflow' }).click();
  await page.getByRole('button', { name: 'Add Lip Sync' }).click();
  await expect(nodes).toHaveCount(before + 2);
  await expect(demoNode(page, 'download-1')).toBeAttached();
  await expect(demoNode(page, 'lip-sync-1')).toBeAttached();
  await screenshotPage(page, 'tutorials-interactive-played-desktop');

  expect(apiCalls).toEqual([]);
  await context.close();
});

test('the inputs, storyboard and generations demos play in the browser alone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const apiCalls = recordApiCalls(page);

  // Inputs: the camera angle is prepended to the description through Add Text.
  await page.goto('/tutorials/inputs');
  const prompt = page.getByTestId('final-prompt');
  await expect(prompt).toHaveText('wide shot, low angle Mara climbs the spiral stairs with a lantern');
  await expect(page.getByTestId('inputs-demo')).toContainText('Named in the description');
  await page.getByRole('region', { name: 'Shot 2' }).getByRole('button', { name: 'Use in the demo' }).click();
  await expect(prompt).toHaveText('close-up the lamp flickers and comes alive');
  await page.getByRole('region', { name: 'Shot 2' }).getByLabel('Camera Angle').fill('extreme close-up');
  await expect(prompt).toHaveText('extreme close-up the lamp flickers and comes alive');
  await expect(demoNode(page, 'camera-angle').getByLabel('Text value')).toHaveValue('extreme close-up');
  // The input node edits the shot too.
  await demoNode(page, 'description').getByLabel('Text value').fill('the lamp turns');
  await expect(prompt).toHaveText('extreme close-up the lamp turns');
  await expect(page.getByRole('region', { name: 'Shot 2' }).getByLabel('Description')).toHaveValue(
    'the lamp turns',
  );
  for (const tab of ['Scenes', 'Characters']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab }).getByRole('region').first()).toBeVisible();
  }
  await expect(page.getByRole('tabpanel', { name: 'Characters' })).toContainText('Mara');
  await screenshotPage(page, 'tutorials-inputs-played-desktop');

  // Storyboard: up to 4 shots, each with its inputs.
  await page.goto('/tutorials/storyboard');
  const storyboard = page.getByTestId('storyboard-demo');
  const tiles = storyboard.locator('[data-tile-id]');
  await expect(tiles).toHaveCount(2);
  await storyboard.getByRole('button', { name: 'Add shot' }).click();
  await expect(tiles).toHaveCount(3);
  await storyboard.getByRole('textbox', { name: 'shot 3 title' }).fill('The ship answers');
  const inputs = storyboard.getByRole('region', { name: 'Shot inputs' });
  await expect(inputs.getByLabel('Width')).toHaveValue('512');
  await expect(inputs.getByLabel('Height')).toHaveValue('512');
  await expect(inputs.getByLabel('LoRA keyword')).toHaveValue('cinematic');
  await expect(inputs.getByLabel('Strength', { exact: true })).toHaveValue('0.7');
  await inputs.getByLabel('Text value').fill('a ship light at sea');
  await storyboard.getByRole('button', { name: 'Add shot' }).click();
  await expect(tiles).toHaveCount(4);
  await expect(storyboard.getByRole('button', { name: 'Add shot' })).toHaveCount(0);
  await expect(storyboard).toContainText('The demo holds up to 4 shots.');
  await tiles.nth(2).click();
  await expect(inputs.getByLabel('Text value')).toHaveValue('a ship light at sea');
  await screenshotPage(page, 'tutorials-storyboard-played-desktop');
  await tiles.nth(2).getByRole('button', { name: 'Delete shot' }).click();
  await expect(tiles).toHaveCount(3);
  await expect(tiles.first()).toHaveAttribute('aria-selected', 'true');
  await expect(storyboard.getByRole('button', { name: 'Add shot' })).toBeVisible();

  // Generations: generate (2 s), use as input only on success, hide/show, delete.
  await page.goto('/tutorials/generations');
  const demo = page.getByTestId('generations-demo');
  const takes = demo.locator('[data-generation-id]');
  const used = demo.getByTestId('used-as-input-count');
  await expect(takes).toHaveCount(4);
  await expect(demo).toContainText('Pending...');
  await expect(demo).toContainText('Generation failed');
  await expect(used).toHaveText('1');
  await demo.getByRole('button', { name: 'Generate', exact: true }).click();
  const fresh = demo.locator('[data-generation-id="new-1"]');
  await expect(fresh).toHaveAttribute('data-status', 'running');
  await expect(fresh).toContainText('Generating...');
  await expect(fresh).toHaveAttribute('data-status', 'success');
  await expect(fresh).toContainText('The keeper lights the lamp, close-up');
  await fresh.getByRole('checkbox', { name: 'Use as input' }).check();
  await expect(used).toHaveText('2');
  const failed = demo.locator('[data-status="failed"]');
  await failed.click();
  const panel = demo.getByRole('region', { name: 'Selected generation' });
  await expect(panel.getByRole('checkbox', { name: 'Use as input' })).toBeDisabled();
  await expect(failed.getByRole('checkbox')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Hide' }).click();
  await expect(failed).toHaveCount(0);
  await demo.getByRole('switch', { name: 'Show hidden' }).check();
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Hidden');
  await expect(takes).toHaveCount(6);
  await screenshotPage(page, 'tutorials-generations-played-desktop');
  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(failed).toHaveCount(0);
  await expect(takes.first()).toHaveAttribute('aria-selected', 'true');

  expect(apiCalls).toEqual([]);
  await context.close();
});

test('on a phone the tutorials read and play, the sidebar above the page', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const apiCalls = recordApiCalls(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Tutorials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Getting Started' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Tutorials' }).getByRole('link')).toHaveCount(
    SIDEBAR.length,
  );
  for (const [slug, title] of PAGES) {
    await page.goto(`/tutorials/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await screenshotPage(page, `tutorials-${slug}-phone`);
  }
  // Each demo answers taps.
  await page.goto('/tutorials/node-editor-interactive');
  await page.getByRole('tab', { name: 'Utility' }).tap();
  await page.getByRole('button', { name: 'Add Download' }).tap();
  await expect(demoNode(page, 'download-1')).toBeAttached();
  await screenshotPage(page, 'tutorials-interactive-played-phone');

  await page.goto('/tutorials/inputs');
  await page.getByRole('region', { name: 'Shot 2' }).getByRole('button', { name: 'Use in the demo' }).tap();
  await expect(page.getByTestId('final-prompt')).toHaveText('close-up the lamp flickers and comes alive');

  await page.goto('/tutorials/storyboard');
  const storyboard = page.getByTestId('storyboard-demo');
  await storyboard.getByRole('button', { name: 'Add shot' }).tap();
  await expect(storyboard.locator('[data-tile-id]')).toHaveCount(3);
  await storyboard.locator('[data-tile-id="shot-3"]').getByRole('button', { name: 'Delete shot' }).tap();
  await expect(storyboard.locator('[data-tile-id]')).toHaveCount(2);

  await page.goto('/tutorials/generations');
  const demo = page.getByTestId('generations-demo');
  await demo.getByRole('button', { name: 'Generate', exact: true }).tap();
  const fresh = demo.locator('[data-generation-id="new-1"]');
  await expect(fresh).toHaveAttribute('data-status', 'success');
  await fresh.getByRole('checkbox', { name: 'Use as input' }).tap();
  await expect(demo.getByTestId('used-as-input-count')).toHaveText('2');
  await screenshotPage(page, 'tutorials-generations-played-phone');
  expect(apiCalls).toEqual([]);
  await context.close();
});

test("the editor's Help leads to the tutorials", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughLandingPage(page, 'tutorials@example.com');
  const editor = await openNewMovieEditor(page, context);
  await editor.getByRole('button', { name: 'Help' }).click();
  const help = editor.getByRole('dialog', { name: 'Node Editor Help' });
  const [tutorial] = await Promise.all([
    context.waitForEvent('page'),
    help.getByRole('link', { name: 'Open the tutorials' }).click(),
  ]);
  await expect(tutorial).toHaveURL(/\/tutorials\/node-editor$/);
  await expect(tutorial.getByRole('heading', { level: 1, name: 'Node Editor' })).toBeVisible();
  await context.close();
});

/** The scripts a fresh visit to `url` downloads, read in full. */
async function scriptsOf(page: Page, url: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  return Promise.all(bodies);
}

const usesReactFlow = (scripts: string[]) => scripts.some((body) => body.includes('react-flow__pane'));

test('React Flow is downloaded only by the pages with a node demo', async ({ browser }) => {
  for (const [url, expected] of [
    ['/', false],
    ['/tutorials/getting-started', false],
    ['/tutorials/generations', false],
    ['/tutorials/node-editor-interactive', true],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect(usesReactFlow(await scriptsOf(page, url)), url).toBe(expected);
    await context.close();
  }
});
