import { expect, test } from '@playwright/test';
import { signInThroughLandingPage } from './sign-in';
import { createMovieFromList, dragTile, storyboardGrid } from './storyboard-helpers';

const shot = (n: number) => `shot ${n} title`;

test('a creator writes scenes and shots, reorders, copies, deletes and plans shots automatically', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughLandingPage(page, `storyboard-${Date.now()}@example.com`);
  const movieId = await createMovieFromList(page);

  // The scene list: the template's scene is there and selected.
  await page.goto(`/scenes/${movieId}`);
  const scenes = storyboardGrid(page, 'Scenes');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Untitled Movie');
  await expect(scenes.tiles).toHaveCount(1);
  await expect(scenes.tiles.first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'scene 1 title' })).toHaveValue('Harbour at Dawn');
  await expect(page.getByText('Double-click to enter the scene, or')).toBeVisible();
  await expect(page.getByText('No generations in this scene')).toBeVisible();

  // The plus tile adds scenes at the end and selects them.
  await page.getByRole('button', { name: 'Add scene' }).click();
  await expect(scenes.tiles).toHaveCount(2);
  await expect(scenes.tiles.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'scene 2 title' })).toHaveAttribute(
    'placeholder',
    'scene title',
  );
  await page.getByRole('textbox', { name: 'scene 2 title' }).fill('The Chase');
  await page.getByRole('button', { name: 'Add scene' }).click();
  await expect(scenes.tiles).toHaveCount(3);
  await page.getByRole('textbox', { name: 'scene 3 title' }).fill('Epilogue');
  await page.screenshot({ path: 'artifacts/storyboard-scenes.png', fullPage: true });

  // Double-click enters the scene's shots.
  await scenes.tiles.nth(1).locator('[title="Double-click to open"]').dblclick();
  await expect(page).toHaveURL(new RegExp(`/scenes/${movieId}/shots/[0-9a-f-]{36}$`));
  const sceneUrl = page.url();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('The Chase');
  const shots = storyboardGrid(page, 'Shots');
  await expect(shots.tiles).toHaveCount(0);

  // The plus tile, then Enter on the last shot, add shots.
  await page.getByRole('button', { name: 'Add shot' }).click();
  await expect(shots.tiles).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: shot(1) })).toHaveAttribute('placeholder', 'action');
  await page.getByRole('textbox', { name: shot(1) }).fill('MARA runs along the platform');
  await page.getByRole('textbox', { name: shot(1) }).press('Enter');
  await expect(shots.tiles).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: shot(2) })).toBeFocused();
  await page.keyboard.type('The train leaves the station');

  // Characters named in the description are detected, ignoring case.
  const detected = page.getByRole('region', { name: 'Characters Detected' });
  await expect(detected).toContainText('None');
  await shots.tiles.first().click();
  await expect(detected).toContainText('Mara');
  await expect(page.getByText('No generations for this shot')).toBeVisible();

  // A shot input and a shot field.
  await page.getByRole('group', { name: 'Camera Angle' }).getByRole('textbox').fill('Tracking shot');
  await page.getByRole('textbox', { name: 'Dialogue' }).fill('Wait for me!');
  await page.screenshot({ path: 'artifacts/storyboard-shots.png', fullPage: true });

  // Drag the second shot onto the first.
  await dragTile(page, 'shot 2', 'shot 1');
  await expect(page.getByRole('textbox', { name: shot(1) })).toHaveValue('The train leaves the station');
  await expect(page.getByRole('textbox', { name: shot(2) })).toHaveValue('MARA runs along the platform');

  // Copy the first shot and paste it after the second.
  await shots.tiles.first().locator('[title="Double-click to open"]').click();
  await page.keyboard.press('Control+c');
  await shots.tiles.nth(1).locator('[title="Double-click to open"]').click();
  await page.keyboard.press('Control+v');
  await expect(shots.tiles).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: shot(3) })).toHaveValue('The train leaves the station');
  await expect(shots.tiles.nth(2)).toHaveAttribute('aria-selected', 'true');

  // Delete the copy, after a confirmation naming a shot; the previous shot is selected.
  await shots.tiles.nth(2).getByRole('button', { name: 'Delete shot' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete shot' });
  await expect(confirm).toContainText('Are you sure you want to delete this shot?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(shots.tiles).toHaveCount(2);
  await expect(shots.tiles.nth(1)).toHaveAttribute('aria-selected', 'true');

  // Everything was saved.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(shots.tiles).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: shot(1) })).toHaveValue('The train leaves the station');
  await expect(page.getByRole('textbox', { name: shot(2) })).toHaveValue('MARA runs along the platform');
  await shots.tiles.nth(1).click();
  await expect(page.getByRole('group', { name: 'Camera Angle' }).getByRole('textbox')).toHaveValue(
    'Tracking shot',
  );
  await expect(page.getByRole('textbox', { name: 'Dialogue' })).toHaveValue('Wait for me!');

  // The template has a workflow, so a double-click on a shot opens its generations.
  await shots.tiles.first().locator('[title="Double-click to open"]').dblclick();
  await expect(page).toHaveURL(/\/shots\/[0-9a-f-]{36}\/workflow\/all_workflows$/);
  await page.goBack();
  await expect(shots.tiles).toHaveCount(2);

  // Automatic shots from the scene's description.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Untitled Movie' })
    .click();
  await expect(scenes.tiles).toHaveCount(3);
  await expect(page.getByRole('textbox', { name: 'scene 2 title' })).toHaveValue('The Chase');
  await scenes.tiles.nth(1).locator('[title="Double-click to open"]').click();
  await page.getByRole('button', { name: 'Automatic Shots' }).click();
  const plan = page.getByRole('dialog', { name: 'Automatic Shots' });
  await plan.getByRole('button', { name: 'Generate Shots' }).click();
  await expect(plan.getByRole('alert')).toHaveText('Please enter a scene description');
  await plan.getByRole('textbox', { name: 'Scene description' }).fill('A storm breaks over the station.');
  await plan.getByRole('button', { name: 'Generate Shots' }).click();
  await expect(plan.getByRole('alert')).toHaveText(
    'No characters detected in the scene description. Please mention at least one character by name.',
  );
  await expect(plan.getByRole('spinbutton', { name: 'Number of shots' })).toHaveValue('10');
  await plan
    .getByRole('textbox', { name: 'Scene description' })
    .fill('Mara reaches the train. She jumps aboard. The doors close behind her.');
  await plan.getByRole('spinbutton', { name: 'Number of shots' }).fill('3');
  await plan.screenshot({ path: 'artifacts/storyboard-automatic-shots.png' });
  await plan.getByRole('button', { name: 'Generate Shots' }).click();
  await expect(page).toHaveURL(sceneUrl);
  await expect(shots.tiles).toHaveCount(5);
  await expect(page.getByRole('textbox', { name: shot(3) })).toHaveValue(/Mara/);
  await shots.tiles.nth(2).click();
  await expect(page.getByRole('region', { name: 'Characters Detected' })).toContainText('Mara');
  // The planned camera angle fills the shot's Camera Angle input, shown once (no field of the same name).
  await expect(page.getByRole('group', { name: 'Camera Angle' }).getByRole('textbox')).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Camera Angle' })).toHaveCount(0);
  await page.reload();
  await expect(shots.tiles).toHaveCount(5);
  await page.screenshot({ path: 'artifacts/storyboard-automatic-result.png', fullPage: true });

  // The characters of the movie.
  await page.goto(`/movies/${movieId}/characters`);
  const characters = storyboardGrid(page, 'Characters');
  await expect(characters.tiles).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: 'character 1 title' })).toHaveValue('Mara');
  await page.getByRole('button', { name: 'Add character' }).click();
  await page.getByRole('textbox', { name: 'character 2 title' }).fill('Bob');
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'character 2 title' })).toHaveValue('Bob');

  // A hidden character leaves the grid unless 'Show hidden' is on (a preference that persists).
  await characters.tiles.nth(1).getByRole('button', { name: 'Hide' }).click();
  await expect(characters.tiles).toHaveCount(1);
  await page.getByRole('switch', { name: 'Show hidden' }).check();
  await expect(characters.tiles).toHaveCount(2);
  await expect(characters.tiles.nth(1)).toContainText('Hidden');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show hidden' })).toBeChecked();
  await expect(characters.tiles).toHaveCount(2);
  await page.screenshot({ path: 'artifacts/storyboard-characters.png', fullPage: true });
  await page.getByRole('switch', { name: 'Show hidden' }).uncheck();
  await expect(characters.tiles).toHaveCount(1);

  // The movie's descriptions: one per character, edited and saved.
  await page.getByRole('button', { name: 'Descriptions' }).click();
  const descriptions = page.getByRole('dialog', { name: 'Descriptions' });
  await expect(descriptions.getByRole('tab', { name: 'Characters' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(descriptions.getByRole('listitem').first()).toBeVisible();
  await descriptions.getByRole('button', { name: 'Edit' }).first().click();
  await descriptions.getByRole('textbox', { name: 'Description text' }).fill(' ');
  await descriptions.getByRole('button', { name: 'Save' }).click();
  await expect(descriptions.getByRole('alert')).toHaveText('Description cannot be empty.');
  await descriptions
    .getByRole('textbox', { name: 'Description text' })
    .fill('A young sailor with a red scarf');
  await descriptions.getByRole('button', { name: 'Save' }).click();
  await expect(descriptions).toContainText('A young sailor with a red scarf');
  await descriptions.screenshot({ path: 'artifacts/storyboard-descriptions.png' });
  await descriptions.getByRole('tab', { name: 'Concepts' }).click();
  await expect(descriptions.getByRole('tab', { name: 'Concepts' })).toHaveAttribute('aria-selected', 'true');
  await expect(descriptions).not.toContainText('A young sailor with a red scarf');
  await descriptions.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Descriptions' }).click();
  await expect(page.getByRole('dialog', { name: 'Descriptions' })).toContainText(
    'A young sailor with a red scarf',
  );
});
