import { expect, test } from '@playwright/test';
import { signInThroughLandingPage } from './sign-in';

test('a visitor signs in, makes a movie, renames, shares it with a second user, and deletes it', async ({
  browser,
}) => {
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
  await page.screenshot({ path: 'artifacts/movies-share-revoked.png' });
  await shareDialog.getByRole('button', { name: 'Done' }).click();
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signInThroughLandingPage(strangerPage, 'stranger@example.com');
  await strangerPage.goto(revokedUrl);
  await expect(strangerPage.getByRole('heading', { name: 'Failed to add shared movie.' })).toBeVisible();
  await stranger.close();

  await page.getByTestId('movie-card').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('menuitem', { name: 'Delete Movie' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this movie?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('movie-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create First Movie' })).toBeVisible();

  // The producer keeps the shared movie: it is deleted only when its last member leaves.
  await producerPage.goto('/movies');
  await expect(producerPage.getByTestId('movie-card')).toContainText('Night Train');

  await director.close();
  await producer.close();
});
