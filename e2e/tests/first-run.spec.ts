import { expect, test } from '@playwright/test';
import { openNewMovieEditor } from './editor-canvas';
import { latestSignInLink } from './outbox';
import { signInThroughLandingPage } from './sign-in';

/**
 * A new user's first five minutes on a fresh data folder: sign in, Create First Movie, open the editor
 * and press Generate on every workflow node of the template, with every shot selected as the modal
 * offers. Nothing is edited first: the template's workflows, inputs and reference image must be enough.
 */
test('the first movie generates out of the box on the preview worker', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signInThroughLandingPage(page, 'first-run@example.com');
  await page.goto('/movies');
  await expect(page.getByRole('button', { name: 'Create First Movie' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/first-run-1-empty-movies.png' });

  const editor = await openNewMovieEditor(page, context);
  const workflowNodes = editor.locator('[data-testid="editor-node"][data-node-type="workflow"]');
  await expect(workflowNodes.first()).toBeVisible();
  // Every node in view below the editor's bar, at most at the spec's default zoom on desktop (0.8).
  const scale = await editor
    .locator('.react-flow__viewport')
    .evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));
  expect(scale).toBeLessThanOrEqual(0.8);
  const canvas = (await editor.getByTestId('editor-canvas').boundingBox())!;
  for (const box of await editor
    .getByTestId('editor-node')
    .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.top).toBeGreaterThanOrEqual(canvas.y - 1);
    expect(box.bottom).toBeLessThanOrEqual(canvas.y + canvas.height + 1);
  }
  await editor.screenshot({ path: 'artifacts/first-run-2-editor.png' });

  const count = await workflowNodes.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const node = workflowNodes.nth(i);
    await node.getByRole('button', { name: 'Generate' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Generate Content' });
    const scenes = dialog.locator('details');
    await expect(scenes.first()).toContainText(/(\d+) of \1 selected/);
    for (const scene of await scenes.all()) await expect(scene).toContainText(/(\d+) of \1 selected/);
    await scenes.first().locator('summary').click();
    await expect(dialog.getByTestId('shot-missing')).toHaveCount(0);
    if (i === 0) await editor.screenshot({ path: 'artifacts/first-run-3-generate-modal.png' });
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(editor.getByText('Generation Started! Your footage is now in queue.').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
  }

  // Every take of every node reaches success on the one preview worker (two shots each).
  for (let i = 0; i < count; i += 1) {
    const node = workflowNodes.nth(i);
    await expect(node.getByTestId('count-success')).toHaveText('2', { timeout: 120_000 });
    await expect(node.getByTestId('count-failed')).toHaveText('0');
  }
  await editor.screenshot({ path: 'artifacts/first-run-4-takes-done.png' });

  // The movie card now shows a take as its picture.
  await page.reload();
  const picture = page.getByTestId('movie-card').first().locator('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: 'artifacts/first-run-5-movie-card.png' });
});

test("a card's Edit menu lies above the card below it", async ({ page }) => {
  await signInThroughLandingPage(page, 'four-movies@example.com');
  await page.goto('/movies');
  await page.getByRole('button', { name: 'Create First Movie' }).click();
  for (let made = 1; made < 4; made += 1) {
    await expect(page.getByTestId('movie-card')).toHaveCount(made);
    await page.getByRole('button', { name: 'New Movie' }).click();
    await page.getByRole('menuitem', { name: 'Text to video template' }).click();
  }
  await expect(page.getByTestId('movie-card')).toHaveCount(4);
  await page.getByTestId('movie-card').first().getByRole('button', { name: 'Edit' }).click();
  // Both items reach over the second row's card; a covered item would time out here.
  await page.getByRole('menuitem', { name: 'Delete Movie' }).click({ timeout: 5_000 });
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this movie?');
  await page.screenshot({ path: 'artifacts/first-run-6-card-menu.png' });
});

test('signing in from a share link returns to it and accepts the share', async ({ browser }) => {
  const director = await browser.newContext();
  await director.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await director.newPage();
  await signInThroughLandingPage(page, 'sharer@example.com');
  await page.goto('/movies');
  await page.getByRole('button', { name: 'Create First Movie' }).click();
  await page.getByTestId('movie-card').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const shareUrl = await page.getByRole('dialog', { name: 'Share Movie' }).getByRole('textbox').inputValue();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(shareUrl);
  await expect(visitor.getByRole('heading', { name: 'Failed to add shared movie.' })).toBeVisible();
  await visitor.getByRole('link', { name: 'Go home to sign in' }).click();
  await visitor.getByRole('button', { name: 'Sign In' }).first().click();
  await visitor.getByRole('textbox', { name: /email/i }).fill('guest@example.com');
  await visitor.getByRole('button', { name: /send magic link/i }).click();
  await expect(visitor.getByText('Magic link sent! Please check your email.')).toBeVisible();
  await visitor.goto(await latestSignInLink('guest@example.com'));
  await expect(visitor).toHaveURL(/\/movies\/[0-9a-f-]{36}\/editor$/);
  await visitor.goto('/movies');
  await expect(visitor.getByTestId('movie-card')).toHaveCount(1);
});
