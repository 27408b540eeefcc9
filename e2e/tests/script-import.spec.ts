import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughLandingPage } from './sign-in';
import { storyboardGrid } from './storyboard-helpers';

const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/src/services/scripts/fixtures');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806', 'hex');

async function sceneIds(page: Page, movieId: string): Promise<string[]> {
  const response = await page.request.get(`/api/v1/scenes/movie/${movieId}`);
  return ((await response.json()) as { _id: string }[]).map((scene) => scene._id);
}

test('a creator imports a Final Draft script as a new movie, then re-imports the edited Fountain', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughLandingPage(page, `script-${Date.now()}@example.com`);
  await page.goto('/movies');
  // A first movie may start from a script too.
  await expect(page.getByRole('button', { name: 'Import Script' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/script-0-first-movie.png' });
  await page.getByRole('button', { name: 'Create First Movie' }).click();
  await expect(page.getByTestId('movie-card')).toHaveCount(1);

  // New Movie offers the two templates, a blank movie and Import Script.
  await page.getByRole('button', { name: 'New Movie' }).click();
  const menu = page.getByRole('menu', { name: 'New Movie' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Text to video template',
    'Lip sync template',
    'Blank movie',
    'Import Script',
  ]);
  await page.screenshot({ path: 'artifacts/script-1-new-movie-menu.png' });
  await menu.getByRole('menuitem', { name: 'Import Script' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Script' });

  // A file that is not a script is refused before anything is written.
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'still.fountain', mimeType: 'text/plain', buffer: PNG });
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This file is not a script: it holds binary data. Choose a .fountain, .spmd, .txt or .fdx file.',
  );
  await page.screenshot({ path: 'artifacts/script-2-binary-refused.png' });

  await dialog.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'bohemia.fdx'));
  await dialog.getByRole('radio', { name: 'Lip sync template' }).check();
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = dialog.getByTestId('script-preview');
  await expect(preview.getByTestId('preview-scene')).toHaveCount(4);
  await expect(preview).toContainText('A Scandal in Bohemia');
  await expect(preview).toContainText('INT · 221B BAKER STREET - SITTING ROOM · NIGHT');
  await expect(preview.getByRole('region', { name: 'Characters' })).toContainText('Holmes4 lines');
  await expect(preview).toContainText('Camera: CLOSE ON THE FIRE');
  await page.screenshot({ path: 'artifacts/script-3-preview.png' });
  await dialog.getByRole('button', { name: 'Apply' }).click();

  await expect(page).toHaveURL(/\/scenes\/[0-9a-f-]{36}$/);
  const movieId = page.url().split('/').at(-1)!;
  const scenes = storyboardGrid(page, 'Scenes');
  await expect(scenes.tiles).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('A Scandal in Bohemia');
  await expect(page.getByRole('textbox', { name: 'scene 2 title' })).toHaveValue(
    'INT. 221B BAKER STREET - SITTING ROOM - NIGHT',
  );
  await page.screenshot({ path: 'artifacts/script-4-imported-scenes.png', fullPage: true });
  const before = await sceneIds(page, movieId);

  // The edited script merges: scenes it still holds keep their ids, the one it dropped is only listed.
  await page.getByRole('button', { name: 'Import Script' }).click();
  await dialog.getByRole('textbox', { name: 'Or paste Fountain text' }).fill('Dear diary, nothing happened.');
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'No scene heading found (INT., EXT., EST., INT./EXT., I/E or a forced .HEADING): the text does not read as a screenplay.',
  );
  await dialog.getByRole('textbox', { name: 'Or paste Fountain text' }).fill('');
  await dialog.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'bohemia-edited.fountain'));
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  const gone = dialog.getByRole('region', { name: 'No longer in the script' });
  await expect(gone).toContainText('Remove scene EXT. BRIONY LODGE - EVENING with 1 shots');
  await expect(gone).toContainText('Remove shot Watson: Seven!');
  await expect(preview.getByTestId('preview-scene').nth(2)).toContainText('changed');
  await page.screenshot({ path: 'artifacts/script-5-reimport-preview.png', fullPage: true });
  await gone.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Script imported: 4 added, 2 changed')).toBeVisible();
  await expect(scenes.tiles).toHaveCount(5);
  const after = await sceneIds(page, movieId);
  expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
  await page.screenshot({ path: 'artifacts/script-6-merged.png', fullPage: true });

  // The lip-sync template's shot-level Dialogue input holds the line of each shot.
  await scenes.tiles.nth(1).locator('[title="Double-click to open"]').dblclick();
  await expect(page.getByText('Characters Detected')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Dialogue' }).getByRole('textbox')).toHaveValue(
    'Wedlock suits you. I think, Watson, that you have put on seven and a half pounds since I saw you.',
  );
  await page.screenshot({ path: 'artifacts/script-7-shot-dialogue.png', fullPage: true });
});
