import { expect, test, type Page } from '@playwright/test';
import { signInThroughLandingPage } from './sign-in';

/** State-changing calls without a JSON body carry the studio's header (the server refuses forged calls). */
const FROM_STUDIO = { 'X-Requested-With': 'cinegraph' };

/** A still image the preview worker makes without any input. */
const STILL_WORKFLOW = {
  '1': { class_type: 'EmptyImage', inputs: { width: 96, height: 54, batch_size: 1, color: 2_000_000 } },
  '2': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['1', 0] } },
};

async function json<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as T;
}

/** A movie from the first template with two finished takes of one shot, both marked use-as-input. */
async function movieWithMarkedTakes(page: Page): Promise<{ movieId: string; takeIds: string[] }> {
  const api = page.request;
  const userId = (await page.evaluate(() => localStorage.getItem('userId')))!;
  const [template] = await json<{ _id: string }[]>(api.get('/api/v1/movies/templates'));
  const movie = await json<{ _id: string }>(
    api.post(`/api/v1/movies/insert_with_editor_state/user/${userId}/source_movie/${template!._id}`, {
      headers: FROM_STUDIO,
    }),
  );
  const [node] = await json<{ id: string }[]>(api.get(`/api/v1/movies/workflow_nodes/${movie._id}`));
  await json(
    api.post(`/api/v1/editor/set_inputs_from_workflow/node/${node!.id}/movie/${movie._id}`, {
      headers: FROM_STUDIO,
      multipart: {
        file: {
          name: 'still.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(STILL_WORKFLOW)),
        },
      },
    }),
  );
  const [scene] = await json<{ _id: string }[]>(api.get(`/api/v1/scenes/movie/${movie._id}`));
  const [shot] = await json<{ _id: string }[]>(api.get(`/api/v1/shots/scene/${scene!._id}`));
  const { generation_ids } = await json<{ generation_ids: string[] }>(
    api.post(
      `/api/v1/generations/generate/workflow_node_id/${node!.id}/movie_id/${movie._id}/user_id/${userId}`,
      {
        data: { shot_ids: [shot!._id], num_jobs: 2 },
      },
    ),
  );
  await expect
    .poll(
      async () => {
        const takes = await json<{ status: string }[]>(api.get(`/api/v1/generations/shot/${shot!._id}`));
        return takes.filter((take) => take.status === 'success').length;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(2);
  for (const id of generation_ids) {
    await json(api.post(`/api/v1/generations/update/${id}`, { data: { use_as_input: true } }));
  }
  return { movieId: movie._id, takeIds: generation_ids };
}

test('curated media: nothing without consent; the movie switch shares its marked takes; the viewer steps with A and D', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInThroughLandingPage(page, 'curated@example.com');
  const { movieId } = await movieWithMarkedTakes(page);

  await page.goto('/dev/use-as-input-display');
  await expect(page.getByText('No curated media found')).toBeVisible();
  await expect(
    page.getByText('Media marked as "use as input" will appear here (audio excluded)'),
  ).toBeVisible();

  // The owner switches sharing on where the movie's other actions are: the card's Edit menu.
  await page.goto('/movies');
  const card = page.getByTestId('movie-card').first();
  await card.getByRole('button', { name: 'Edit' }).click();
  const share = page.getByRole('menuitemcheckbox', { name: 'Share takes with the community' });
  await expect(share).toHaveAttribute('aria-checked', 'false');
  await share.click();
  await expect(page.getByText('now appear on the curated-media page')).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(share).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: 'artifacts/curated-switch.png' });
  await page.keyboard.press('Escape');

  // Anyone sees the takes, with their pictures, without signing in.
  const reader = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await reader.goto('/dev/use-as-input-display');
  const tiles = reader.getByTestId('curated-tile');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.first()).toContainText('image');
  await expect(tiles.first()).toContainText('Unknown User');
  await expect(tiles.first()).toContainText(movieId);
  await expect(tiles.first().getByRole('link', { name: 'Download' })).toBeVisible();
  const picture = tiles.first().locator('img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await reader.screenshot({ path: 'artifacts/curated-grid.png', fullPage: true });

  await tiles.first().getByRole('button').click();
  const viewer = reader.getByRole('dialog', { name: 'Curated media viewer' });
  await expect(viewer).toContainText('1 / 2');
  await reader.keyboard.press('d');
  await expect(viewer).toContainText('2 / 2');
  await reader.keyboard.press('d');
  await expect(viewer).toContainText('1 / 2');
  await reader.keyboard.press('a');
  await expect(viewer).toContainText('2 / 2');
  await reader.screenshot({ path: 'artifacts/curated-viewer.png' });
  await reader.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await reader.close();
});

test('curated media says when the takes cannot be loaded', async ({ page }) => {
  await page.route('**/api/v1/analytics/get_curated_videos', (route) =>
    route.fulfill({ status: 500, json: { detail: 'Internal server error' } }),
  );
  await page.goto('/dev/use-as-input-display');
  await expect(page.getByText('Failed to load videos')).toBeVisible();
});
