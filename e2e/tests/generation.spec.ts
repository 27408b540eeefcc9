import { expect, test, type Locator } from '@playwright/test';
import { dragConnect, nodeNamed, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';
import { uploadWorkflow } from './studio-api';

/**
 * A small API workflow the dev worker runs: a prompt and a size in, a still image out. `steps` makes the
 * worker report progress for a few seconds, so a job can be cancelled while it is still unfinished.
 */
const STILL_WORKFLOW = {
  '1': { class_type: 'CinegraphInputText', inputs: { name: 'Prompt', default: '' } },
  '2': { class_type: 'CinegraphInputVector2', inputs: { name: 'Size', default: '64,64' } },
  '3': {
    class_type: 'EmptyImage',
    inputs: { width: ['2', 0], height: ['2', 1], batch_size: 1, color: 0, steps: 30 },
  },
  '4': { class_type: 'CinegraphOutput', inputs: { name: 'still', images: ['3', 0] } },
};

function count(node: Locator, label: string): Locator {
  return node.getByTestId(`count-${label}`);
}

test('generates takes from a workflow node and reviews them on the generations screen', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signInThroughLandingPage(page, 'generation@example.com');
  const editor = await openNewMovieEditor(page, context);
  const movieId = editor.url().split('/').at(-2)!;
  const video = nodeNamed(editor, 'Text to Video');
  const nodeId = (await video.getAttribute('data-node-id'))!;

  await uploadWorkflow(editor, movieId, nodeId, STILL_WORKFLOW);
  await editor.reload();
  await expect(video.getByText('Size', { exact: true })).toBeVisible();
  // The new inputs are not wired yet: no Generate.
  await expect(video.getByRole('button', { name: 'Generate' })).toHaveCount(0);

  const prompt = nodeNamed(editor, 'Cinegraph Prompt');
  const resolution = editor.locator('[data-testid="editor-node"][aria-label$=": Resolution"]');
  await dragConnect(
    editor,
    prompt.locator('[data-handleid="enhanced_prompt"]'),
    video.locator('[aria-label="Prompt input"]'),
  );
  await expect(video.getByRole('button', { name: 'Generate' })).toHaveCount(0);
  await dragConnect(
    editor,
    resolution.locator('.react-flow__handle.source'),
    video.locator('[aria-label="Size input"]'),
  );
  const generate = video.getByRole('button', { name: 'Generate' });
  await expect(generate).toBeVisible();
  await expect(count(video, 'pending')).toHaveText('0');

  // The modal: scenes collapsed, every valid shot selected, 2 jobs per shot.
  await generate.click();
  const dialog = editor.getByRole('dialog', { name: 'Generate Content' });
  await expect(dialog).toBeVisible();
  const scene = dialog.locator('details').first();
  await expect(scene).not.toHaveAttribute('open', '');
  await expect(scene).toContainText('2 of 2 selected');
  await scene.locator('summary').click();
  await expect(scene.getByRole('checkbox')).toHaveCount(2);
  await dialog.getByRole('spinbutton', { name: 'Jobs per shot' }).fill('2');
  await editor.screenshot({ path: 'artifacts/generation-modal.png' });
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(editor.getByText('Generation Started! Your footage is now in queue.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The modal's Generate button may lie over the node's pending count, which turns into Cancel all
  // while hovered: the pointer leaves the canvas so the counts stay readable.
  await editor.mouse.move(0, 0);

  // Four jobs, read again once the modal closed. The server pushes every move, so the counts follow the
  // jobs live rather than at the spec's 25 s poll: the one preview worker runs them one after the other
  // (30 steps of 150 ms each), and every take's success shows within seconds, one by one.
  const unfinished = async () =>
    Number(await count(video, 'pending').textContent()) + Number(await count(video, 'running').textContent());
  await expect.poll(unfinished).toBe(4);
  await expect(count(video, 'running')).toHaveText('1', { timeout: 10_000 });
  await editor.screenshot({ path: 'artifacts/generation-node-counts.png' });
  for (const succeeded of ['1', '2', '3', '4']) {
    await expect(count(video, 'success')).toHaveText(succeeded, { timeout: 10_000 });
  }
  await expect(count(video, 'pending')).toHaveText('0');
  await expect(count(video, 'running')).toHaveText('0');

  // The generations screen of the first shot, every workflow.
  const scenes = await editor.request.get(`/api/v1/scenes/movie/${movieId}`);
  const sceneId = ((await scenes.json()) as { _id: string }[])[0]!._id;
  const shots = await editor.request.get(`/api/v1/shots/scene/${sceneId}`);
  const [firstShot, secondShot] = (await shots.json()) as { _id: string }[];
  await editor.goto(`/scenes/${movieId}/shots/${sceneId}/shots/${firstShot!._id}/workflow/all_workflows`);
  const section = editor.getByRole('region', { name: 'Text to Video' });
  await expect(section.getByRole('heading', { name: 'Text to Video' })).toBeVisible();
  // The page is the document's <main>, its breadcrumb below the fixed top navigation, not under it.
  await expect(editor.getByRole('main')).toBeVisible();
  const topNav = await editor.locator('header.fixed').first().boundingBox();
  const crumbs = await editor.getByRole('navigation', { name: 'Breadcrumb' }).boundingBox();
  expect(crumbs!.y).toBeGreaterThanOrEqual(topNav!.y + topNav!.height);
  const tiles = section.getByRole('option');
  await expect(tiles).toHaveCount(2);
  await expect(section.locator('[data-status="success"]')).toHaveCount(2, { timeout: 60_000 });
  await expect(section.getByRole('img', { name: 'Generation 1 preview' })).toBeVisible();
  await expect(section.getByRole('img', { name: 'Generation 2 preview' })).toBeVisible();

  // The panel: the output and the read-only inputs it ran with.
  await tiles.first().click();
  const panel = editor.getByRole('complementary', { name: 'Generation details' });
  await expect(panel.getByRole('img', { name: 'Generated output' })).toBeVisible();
  const inputs = panel.getByRole('region', { name: 'Workflow Inputs' });
  await expect(inputs).toContainText('Prompt');
  await expect(inputs).toContainText('Size');
  await expect(inputs.getByRole('textbox')).toHaveCount(0);

  // Space marks the selected take as input.
  await editor.keyboard.press('Space');
  await expect(tiles.first().getByRole('checkbox', { name: 'Use as input' })).toBeChecked();
  await editor.screenshot({ path: 'artifacts/generation-screen.png', fullPage: true });

  // D steps to the next shot, A back (wrapping around the scene's two shots).
  await editor.keyboard.press('d');
  await expect(editor).toHaveURL(new RegExp(`/shots/${secondShot!._id}/workflow/all_workflows$`));
  await editor.keyboard.press('d');
  await expect(editor).toHaveURL(new RegExp(`/shots/${firstShot!._id}/workflow/all_workflows$`));
  // Two keys at once: the second steps from where the first went, drawn or not yet.
  await editor.keyboard.press('d');
  await editor.keyboard.press('a');
  await expect(editor).toHaveURL(new RegExp(`/shots/${firstShot!._id}/workflow/all_workflows$`));

  // One more job from the plus tile, cancelled before it finishes.
  await section.getByRole('button', { name: 'Generate one more with Text to Video' }).click();
  await expect(tiles).toHaveCount(3);
  const third = tiles.nth(2);
  await expect(third).toHaveAttribute('data-status', /pending|queued|assigned|running/);
  await third.click();
  await panel.getByRole('button', { name: 'Cancel generation' }).click();
  await expect(third).toHaveAttribute('data-status', 'cancelled');
  await expect(third.getByText('Cancelled')).toBeVisible();
  await expect(panel).toContainText('Generation cancelled');
  await editor.screenshot({ path: 'artifacts/generation-cancelled.png', fullPage: true });

  // Deleting an unfinished take cancels it first, then it is gone.
  await section.getByRole('button', { name: 'Generate one more with Text to Video' }).click();
  await expect(tiles).toHaveCount(4);
  await tiles.nth(3).click();
  await panel.getByRole('button', { name: 'Delete' }).click();
  await editor
    .getByRole('dialog', { name: 'Delete generation' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(tiles).toHaveCount(3);

  // One workflow's screen shows its takes without section headings.
  await editor
    .getByRole('navigation', { name: 'Workflows' })
    .getByRole('link', { name: 'Text to Video' })
    .click();
  await expect(editor).toHaveURL(new RegExp(`/workflow/${nodeId}$`));
  await expect(
    editor.getByRole('listbox', { name: 'Text to Video generations' }).getByRole('option'),
  ).toHaveCount(3);
  await expect(editor.getByRole('heading', { name: 'Text to Video' })).toHaveCount(0);
});
