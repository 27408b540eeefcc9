import { expect, test } from '@playwright/test';
import { nodeNamed, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';

test("the prompt node's Edit Descriptions opens the movie's descriptions", async ({ page, context }) => {
  await signInThroughLandingPage(page, 'descriptions@example.com');
  const editor = await openNewMovieEditor(page, context);
  const promptNode = nodeNamed(editor, 'Cinegraph Prompt');
  // The dialog's code comes when it is first opened, not with the editor's page.
  const loaded = () =>
    editor.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  await expect(promptNode.getByRole('button', { name: 'Edit Descriptions' })).toBeVisible();
  expect((await loaded()).filter((name) => name.includes('/assets/DescriptionsDialog-'))).toEqual([]);
  await promptNode.getByRole('button', { name: 'Edit Descriptions' }).click();
  const descriptions = editor.getByRole('dialog', { name: 'Descriptions' });
  await expect(descriptions.getByRole('tab', { name: 'Characters' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await descriptions.getByRole('tab', { name: 'Locations' }).click();
  await expect(descriptions.getByRole('listitem').first()).toBeVisible();
  await descriptions.getByRole('button', { name: 'Close' }).click();
  await expect(descriptions).toBeHidden();
});
