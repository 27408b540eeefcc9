import { expect, test, type Page } from '@playwright/test';
import { solidPng } from './images';
import { signInThroughLandingPage } from './sign-in';

test.use({ actionTimeout: 15_000 });

/** A small ComfyUI workflow in the API format: an empty image, saved. */
const WORKFLOW = {
  name: 'empty-frame.json',
  mimeType: 'application/json',
  buffer: Buffer.from(
    JSON.stringify({
      '1': { class_type: 'EmptyImage', inputs: { width: 64, height: 64, batch_size: 1, color: 0 } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'forum' } },
    }),
  ),
};
const MISSING_POST = '/forum/post/00000000-0000-4000-8000-000000000000';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `artifacts/forum-${name}.png`, fullPage: true });

/** Picks a file for the creator's last added block of this kind, through its Upload button. */
async function uploadInto(
  page: Page,
  kind: string,
  file: { name: string; mimeType: string; buffer: Buffer } | string,
) {
  const block = page.getByTestId(`draft-block-${kind}`).last();
  const recorded = page.waitForResponse(
    (response) =>
      /\/utils\/complete(_multipart)?_upload$/.test(new URL(response.url()).pathname) && response.ok(),
    { timeout: 30_000 },
  );
  await block.getByLabel(`Upload ${kind} file`).setInputFiles(file);
  await recorded;
  // Once the file is recorded the bar shows 100 % a moment, then goes away.
  await expect(block.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
}

test('the forum: empty, not found, create with files, read anonymously, comment, load a workflow, delete', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/forum');
  await expect(page.getByText('No posts yet')).toBeVisible();
  await expect(page.getByText('Be the first to create a post!')).toBeVisible();

  await page.goto(MISSING_POST);
  await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
  await expect(
    page.getByText("The post you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await shot(page, 'not-found');
  await page.getByRole('link', { name: 'Return to Forum' }).click();
  await expect(page).toHaveURL(/\/forum$/);

  await signInThroughLandingPage(page, 'forum-ann@example.com');
  // A movie from the first template, for loading the post's workflow into one of its workflow nodes.
  const templates = await (await page.request.get('/api/v1/movies/templates')).json();
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  const movie = await (
    await page.request.post(
      `/api/v1/movies/insert_with_editor_state/user/${userId}/source_movie/${templates[0]._id}`,
      { headers: { 'X-Requested-With': 'cinegraph' } },
    )
  ).json();

  await page.goto('/forum');
  await page.getByRole('link', { name: 'Create Post' }).click();
  const create = page.getByRole('button', { name: 'Create Post' });
  await expect(create).toBeDisabled();
  const title = page.getByLabel('Title');
  await title.fill('  ');
  await title.blur();
  await expect(page.getByText('Title is required')).toBeVisible();
  await title.fill('Rain on neon');
  await page
    .getByLabel('Text Content')
    .fill(
      'A **moody** night take.\n\n<img src=x onerror="document.title=\'pwned\'"> and <script>alert(1)</script>',
    );
  await page.getByRole('button', { name: 'Image' }).click();
  await uploadInto(page, 'image', {
    name: 'neon.png',
    mimeType: 'image/png',
    buffer: solidPng(640, 360, [30, 160, 200]),
  });
  await page.getByRole('button', { name: 'Workflow File' }).click();
  await uploadInto(page, 'workflow', WORKFLOW);
  await page.getByRole('button', { name: 'LoRA File' }).click();
  await uploadInto(page, 'lora', {
    name: 'neon-style.safetensors',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(2048, 3),
  });
  await page.getByLabel('Keyword').fill('neonnoir');
  await page.getByLabel('Strength').fill('0.8');
  await shot(page, 'create');
  await create.click();

  await expect(page).toHaveURL(/\/forum\/post\/[0-9a-f-]{36}$/);
  const postUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Rain on neon' })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'moody' })).toBeVisible();
  // The raw HTML of the text is not rendered: no image from it, no script run.
  await expect(page.locator('article img[src="x"]')).toHaveCount(0);
  expect(await page.title()).not.toBe('pwned');
  await expect(page.getByText('Keyword: neonnoir')).toBeVisible();
  await expect(page.getByText('Strength: 0.8')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(2);
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();

  await page.getByLabel('Your comment').fill('First light');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByTestId('forum-comment')).toHaveCount(1);
  await expect(page.getByTestId('forum-comment')).toContainText('First light');

  await page.getByRole('button', { name: 'Load into a movie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load workflow into a movie' });
  await expect(dialog.getByLabel('Movie')).toHaveValue(movie._id);
  await dialog.getByRole('button', { name: 'Load' }).click();
  await expect(dialog.getByRole('status')).toContainText('Loaded into', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await shot(page, 'post');

  // A reader who is not signed in sees the post and its image, without the owner's controls.
  const anonymous = await browser.newPage({ baseURL: new URL(postUrl).origin });
  await anonymous.goto(postUrl);
  await expect(anonymous.getByRole('heading', { name: 'Rain on neon' })).toBeVisible();
  const image = anonymous.locator('article section img').first();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await expect(anonymous.getByRole('button', { name: 'Delete Post' })).toHaveCount(0);
  await expect(anonymous.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expect(anonymous.getByText('Sign in to comment.')).toBeVisible();
  await anonymous.goto('/forum');
  await expect(anonymous.getByTestId('forum-card')).toHaveCount(1);
  await expect(anonymous.getByTestId('forum-card').locator('img')).toBeVisible();
  await shot(anonymous, 'grid');
  await anonymous.close();

  await page.getByTestId('forum-comment').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Post' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByText('No posts yet')).toBeVisible();
});

test('the forum pages its cards past 20 with Load More', async ({ page }) => {
  await signInThroughLandingPage(page, 'forum-bob@example.com');
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  for (let i = 1; i <= 21; i++) {
    const response = await page.request.post('/api/v1/forum/post', {
      data: { title: `Paged post ${i}`, user_id: userId, content_blocks: [] },
    });
    expect(response.ok()).toBe(true);
  }
  await page.goto('/forum');
  await expect(page.getByTestId('forum-card')).toHaveCount(20);
  await expect(page.getByTestId('forum-card').first()).toContainText('Paged post 21');
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByTestId('forum-card')).toHaveCount(21);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
});

test('the forum says when posts or a post fail to load, and why a post, a comment or a delete did not go through', async ({
  page,
}) => {
  // The server is reachable but answers with an error, as it would when its database is down.
  await page.route('**/api/v1/forum/posts/cards*', (route) =>
    route.fulfill({ status: 500, json: { detail: 'Internal server error' } }),
  );
  await page.goto('/forum');
  await expect(page.getByText('Failed to load posts')).toBeVisible();
  await page.route('**/api/v1/forum/post/*', (route) =>
    route.fulfill({ status: 500, json: { detail: 'Internal server error' } }),
  );
  await page.goto(MISSING_POST);
  await expect(page.getByText('Failed to load post details')).toBeVisible();

  await signInThroughLandingPage(page, 'forum-eve@example.com');
  await page.goto('/forum/create-post');
  await page.getByLabel('Title').fill('Refused');
  const answers = [
    { status: 500, json: { detail: 'Internal server error' } },
    { status: 400, json: { detail: 'A block can only attach files you uploaded.' } },
  ];
  await page.route('**/api/v1/forum/post', (route) => route.fulfill(answers.shift()!));
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Failed to create post. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('A block can only attach files you uploaded.')).toBeVisible();
  await expect(page).toHaveURL(/\/forum\/create-post$/);

  await page.unrouteAll();
  const userId = await page.evaluate(() => localStorage.getItem('userId'));
  const created = await page.request.post('/api/v1/forum/post', { data: { title: 'Kept', user_id: userId } });
  const { post_id } = (await created.json()) as { post_id: string };
  await page.goto(`/forum/post/${post_id}`);
  await page.route('**/api/v1/forum/post/*/comment', (route) =>
    route.fulfill({ status: 500, json: { detail: 'Internal server error' } }),
  );
  await page.getByLabel('Your comment').fill('Lost');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Failed to submit comment')).toBeVisible();
  await page.route(`**/api/v1/forum/post/${post_id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { detail: 'Internal server error' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Delete Post' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete post. Please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kept' })).toBeVisible();
});
