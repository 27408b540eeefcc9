import { expect, test } from '@playwright/test';
import { signInThroughLandingPage } from './sign-in';

test('a visitor signs in, makes a movie, renames, shares it with a second user, and deletes it', async ({
  browser,
}) => {
  // Two users' sign-ins and a dozen screens: 26-37 s on a quiet machine, over the default 60 s under load.
  test.setTimeout(120_000);
  const director = await browser.newContext();
  await director.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await director.newPage();

  await signInThroughLandingPage(page, 'director@example.com');
  await expect(page.getByText(/signed in/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);

  await page.getByRole('link', { name: 'My Movies' }).first().click();
  await expect(page).toHaveURL(/\/movies$/);
  await expect(page.getByRole('heading', { name: 'My Movies' })).toBeVisible();
  await page.getByRole('button', { name: 'Create First Movie' }).click();
  const card = page.getByTestId('movie-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Untitled Movie');

  await card.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Edit Title' }).click();
  await card.getByRole('textbox', { name: 'Movie title' }).fill('Night Train');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('Night Train');
  await page.reload();
  await expect(page.getByTestId('movie-card')).toContainText('Night Train');

  const [editorTab] = await Promise.all([
    director.waitForEvent('page'),
    page.getByTestId('movie-card').click(),
  ]);
  await expect(editorTab).toHaveURL(/\/movies\/[0-9a-f-]{36}\/editor$/);
  const movieId = editorTab.url().split('/').at(-2)!;
  await editorTab.close();

  await page.getByTestId('movie-card').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share Movie' });
  await expect(shareDialog).toContainText('Share link copied to clipboard!');
  const shareUrl = await shareDialog.getByRole('textbox').inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]+$/);
  await page.keyboard.press('Escape');

  const producer = await browser.newContext();
  const producerPage = await producer.newPage();
  await signInThroughLandingPage(producerPage, 'producer@example.com');
  await producerPage.goto(shareUrl);
  await expect(producerPage).toHaveURL(new RegExp(`/movies/${movieId}/editor$`));
  await producerPage.goBack();
  expect(producerPage.url()).not.toContain('/share/');
  await producerPage.goto('/movies');
  await expect(producerPage.getByTestId('movie-card')).toContainText('Night Train');
  await producerPage.goto(shareUrl);
  await expect(producerPage.getByRole('heading', { name: 'Failed to add shared movie.' })).toBeVisible();
  await expect(producerPage.getByText('Are you logged in? Do you already have this movie?')).toBeVisible();

  // A link sent to the wrong person: the director revokes the movie's links; nobody new can join.
  await page.getByTestId('movie-card').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await expect(shareDialog).toContainText('The link works until');
  const revokedUrl = await shareDialog.getByRole('textbox').inputValue();
  await shareDialog.getByRole('button', { name: 'Revoke share links' }).click();
  await expect(shareDialog.getByRole('status')).toHaveText(
    'Share links revoked: nobody new can join with them. Members keep the movie.',
  );
  // The revoked link is no longer offered as copied, nor to copy.
  await expect(shareDialog).not.toContainText('Share link copied to clipboard!');
  await expect(shareDialog).toContainText('This link no longer works.');
  await expect(shareDialog.getByRole('button', { name: /Copy/ })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/movies-share-revoked.png' });
  await shareDialog.getByRole('button', { name: 'Done' }).click();
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signInThroughLandingPage(strangerPage, 'stranger@example.com');
  await strangerPage.goto(revokedUrl);
  await expect(strangerPage.getByRole('heading', { name: 'Failed to add shared movie.' })).toBeVisible();
  // Someone else's movie, and an address with a bad id: not found, a way back, nothing to act on.
  await strangerPage.goto(`/movies/${movieId}/editor`);
  await expect(strangerPage.getByRole('heading', { name: 'Movie Not Found' })).toBeVisible();
  await expect(strangerPage.getByRole('button', { name: 'Add Workflow' })).toHaveCount(0);
  await expect(strangerPage.getByText('Saved')).toHaveCount(0);
  await strangerPage.screenshot({ path: 'artifacts/movies-not-found-editor.png' });
  await strangerPage.goto(`/scenes/${movieId}/shots/not-a-scene`);
  await expect(strangerPage.getByRole('heading', { name: 'Scene Not Found' })).toBeVisible();
  await expect(strangerPage.getByText(/Invalid id/)).toHaveCount(0);
  await expect(strangerPage.getByRole('button', { name: /Add|Try again/ })).toHaveCount(0);
  await strangerPage.goto(`/scenes/${movieId}/shots/not-a-scene/shots/not-a-shot/workflow/all_workflows`);
  await expect(strangerPage.getByRole('heading', { name: 'Shot Not Found' })).toBeVisible();
  await expect(strangerPage.getByText(/Invalid id/)).toHaveCount(0);
  await expect(strangerPage.getByRole('button', { name: /Generate/ })).toHaveCount(0);
  await strangerPage.getByRole('link', { name: 'Return to My Movies' }).click();
  await expect(strangerPage).toHaveURL(/\/movies$/);
  await stranger.close();

  // A long title without a break stays inside its card.
  const longTitle = 'N'.repeat(200);
  await page.getByTestId('movie-card').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Edit Title' }).click();
  await page.getByTestId('movie-card').getByRole('textbox', { name: 'Movie title' }).fill(longTitle);
  await page.getByTestId('movie-card').getByRole('button', { name: 'Save' }).click();
  const titled = page.getByTestId('movie-card').getByRole('heading', { name: longTitle });
  await expect(titled).toBeVisible();
  const cardBox = (await page.getByTestId('movie-card').boundingBox())!;
  const titleBox = (await titled.boundingBox())!;
  expect(titleBox.x).toBeGreaterThanOrEqual(cardBox.x);
  expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.screenshot({ path: 'artifacts/movies-long-title.png' });

  await page.getByTestId('movie-card').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Delete Movie' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this movie?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('movie-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create First Movie' })).toBeVisible();

  // The producer keeps the shared movie (renamed since): it is deleted only when its last member leaves.
  await producerPage.goto('/movies');
  await expect(producerPage.getByTestId('movie-card')).toContainText(longTitle);

  await director.close();
  await producer.close();
});
