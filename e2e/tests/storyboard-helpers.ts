import { expect, type Page } from '@playwright/test';

/** Creates a movie from the movie list (a copy of the text-to-video template) and returns its id. */
export async function createMovieFromList(page: Page): Promise<string> {
  await page.goto('/movies');
  await page.getByRole('button', { name: 'Create First Movie' }).click();
  const card = page.getByTestId('movie-card');
  await expect(card).toHaveCount(1);
  const [editorTab] = await Promise.all([page.context().waitForEvent('page'), card.click()]);
  await expect(editorTab).toHaveURL(/\/movies\/[0-9a-f-]{36}\/editor$/);
  const movieId = editorTab.url().split('/').at(-2)!;
  await editorTab.close();
  return movieId;
}

/** The grid of a storyboard list and its tiles. */
export function storyboardGrid(page: Page, plural: 'Scenes' | 'Shots' | 'Characters') {
  const grid = page.getByRole('listbox', { name: plural });
  return { grid, tiles: grid.getByRole('option') };
}

/** Drags one tile's preview onto another's with the mouse, in small steps as a hand does. */
export async function dragTile(page: Page, from: string, to: string): Promise<void> {
  const source = await page.getByRole('option', { name: from, exact: true }).boundingBox();
  const target = await page.getByRole('option', { name: to, exact: true }).boundingBox();
  if (!source || !target) throw new Error('Tiles are not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + 30);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + 30, { steps: 12 });
  await page.mouse.up();
}
