import { expect, test, type Locator, type Page } from '@playwright/test';
import { addedNode, openNewMovieEditor, pickType } from './editor-canvas';
import { solidPng } from './images';
import { signInThroughLandingPage } from './sign-in';

test.use({ actionTimeout: 15_000 });

/** Picks a file through the input's Upload button, as a creator does in the file chooser. */
async function uploadThroughChooser(
  page: Page,
  node: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    node.getByRole('button', { name: 'Upload', exact: true }).click(),
  ]);
  // A large file takes a while to hand over to the browser on a busy machine.
  await chooser.setFiles(file, { timeout: 60_000 });
}

/** Records every value the upload progress bars show, so a test can see the whole course of an upload. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      document.querySelectorAll('[role="progressbar"]').forEach((bar) => {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (seen.at(-1) !== value) seen.push(value);
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

function progressSeen(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}

test('a creator uploads an image and a large video, then renames and deletes saved files', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughLandingPage(page, 'assets@example.com');
  const editor = await openNewMovieEditor(page, context);

  // A single upload: a 1280 px PNG into the character's Reference Image.
  const reference = editor.locator('[data-testid="editor-node"][aria-label$=": Reference Image"]');
  await expect(reference).toBeVisible();
  await recordProgress(editor);
  await uploadThroughChooser(editor, reference, {
    name: 'still frame.png',
    mimeType: 'image/png',
    buffer: solidPng(1280, 720, [220, 140, 40]),
  });
  await expect(reference.getByRole('textbox', { name: 'image URL' })).toHaveValue(
    /\/api\/v1\/utils\/file\?key=/,
  );
  // The bar reaches 100 % and then goes away: the input's value shows the file now.
  await expect(reference.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  expect(await progressSeen(editor)).toContain(100);
  const preview = reference.getByRole('img', { name: 'Preview' });
  // The input holds the original, at full size, for generation.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
  await reference.screenshot({ path: 'artifacts/assets-image-uploaded.png' });

  // The wrong kind of file is refused before anything is sent.
  await uploadThroughChooser(editor, reference, {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(reference.getByRole('alert')).toHaveText('File type must be .png, .jpg, .jpeg, .gif, .webp');
  // A text file named .png is sent, and refused for its bytes.
  await uploadThroughChooser(editor, reference, {
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(reference.getByRole('alert')).toHaveText(
    "The file's bytes are not an image (PNG, JPEG, GIF or WebP), whatever its name says.",
  );
  await reference.screenshot({ path: 'artifacts/assets-text-named-png.png' });

  // A multipart upload: a video over the 25 MiB threshold, progress held at 90 until it completes.
  const video = await addedNode(editor, () => editor.getByRole('button', { name: 'Add Primitive' }).click());
  await pickType(video, 'video');
  await recordProgress(editor);
  await uploadThroughChooser(editor, video, {
    name: 'long take.webm',
    mimeType: 'video/webm',
    // Begins as a WebM file does (the EBML magic): completing an upload checks the first bytes.
    buffer: Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(26 * 1024 * 1024 - 4, 7)]),
  });
  await expect(video.getByRole('textbox', { name: 'video URL' })).toHaveValue(
    /\/api\/v1\/utils\/file\?key=/,
    { timeout: 60_000 },
  );
  await expect(video.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  const seen = await progressSeen(editor);
  expect(seen.at(-1)).toBe(100);
  // Each finished part moves the bar on, but it stops at 90 until the parts are joined.
  expect(seen).toContain(90);
  expect(seen.some((value) => value > 0 && value < 90)).toBe(true);
  expect(Math.max(...seen.slice(0, -1))).toBe(90);
  await video.screenshot({ path: 'artifacts/assets-video-uploaded.png' });

  // The asset browser: search, rename keeping the extension, choose, delete.
  await reference.getByRole('button', { name: 'Browse saved' }).click();
  const browserDialog = editor.getByRole('dialog', { name: 'Saved images' });
  await expect(browserDialog.getByRole('listitem', { name: 'still frame.png' })).toBeVisible();
  await expect(browserDialog.getByRole('listitem', { name: 'long take.webm' })).toHaveCount(0);
  const search = browserDialog.getByRole('searchbox', { name: 'Search files' });
  await search.fill('nothing like it');
  await expect(browserDialog.getByText('No files found')).toBeVisible();
  await search.fill('STILL');
  const card = browserDialog.getByRole('listitem', { name: 'still frame.png' });
  await expect(card).toBeVisible();
  // The browser shows the image's display copy: a 640 px WebP, not the original.
  const thumb = card.locator('img');
  await expect(thumb).toHaveAttribute('src', /\.display\.webp$/);
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await editor.screenshot({ path: 'artifacts/assets-browser.png' });

  await card.getByRole('button', { name: 'Rename' }).click();
  const nameField = browserDialog.getByRole('textbox', { name: 'New file name' });
  await expect(nameField).toHaveValue('still frame');
  await nameField.fill('hero poster');
  await nameField.press('Enter');
  await search.fill('');
  const renamed = browserDialog.getByRole('listitem', { name: 'hero poster.png' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Choose hero poster.png' }).click();
  await expect(browserDialog).toBeHidden();

  await reference.getByRole('button', { name: 'Browse saved' }).click();
  await browserDialog
    .getByRole('listitem', { name: 'hero poster.png' })
    .getByRole('button', { name: 'Delete' })
    .click();
  const confirm = editor.getByRole('dialog', { name: 'Delete file' });
  await expect(confirm).toContainText('Are you sure you want to delete hero poster.png?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(browserDialog.getByText('No files found')).toBeVisible();
  await editor.screenshot({ path: 'artifacts/assets-browser-empty.png' });

  // The video is among the saved videos, still there after the image was deleted.
  await browserDialog.getByRole('button', { name: 'Close' }).click();
  await video.getByRole('button', { name: 'Browse saved' }).click();
  await expect(
    editor.getByRole('dialog', { name: 'Saved videos' }).getByRole('listitem', { name: 'long take.webm' }),
  ).toBeVisible();
  await context.close();
});
