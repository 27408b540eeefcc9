import { expect, test, type Page } from '@playwright/test';
import { nodeNamed, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';
import { api } from './studio-api';

/** Preview-worker workflows, each with the template's prompt input: a 1 s WebM, a still, a tone. */
const PROMPT = { class_type: 'CinegraphInputText', inputs: { name: 'Prompt', default: '' } };
const WORKFLOWS = {
  video: {
    '1': PROMPT,
    '3': { class_type: 'EmptyImage', inputs: { width: 64, height: 36, batch_size: 8, color: 0 } },
    '4': {
      class_type: 'VHS_VideoCombine',
      inputs: {
        images: ['3', 0],
        frame_rate: 8,
        loop_count: 0,
        filename_prefix: 'clip',
        format: 'video/webm',
        pingpong: false,
        save_output: true,
      },
    },
  },
  still: {
    '1': PROMPT,
    '3': { class_type: 'EmptyImage', inputs: { width: 64, height: 36, batch_size: 1, color: 0 } },
    '4': { class_type: 'SaveImage', inputs: { images: ['3', 0], filename_prefix: 'still' } },
  },
  sound: {
    '1': PROMPT,
    '2': { class_type: 'EmptyAudio', inputs: { channels: 1, duration: 2, sample_rate: 44100 } },
    '3': { class_type: 'SaveAudio', inputs: { audio: ['2', 0], filename_prefix: 'audio/ComfyUI' } },
  },
};

interface Take {
  _id: string;
  status: string;
  workflow_node_id: string;
  output: { type: string } | null;
}

/** Runs the workflow on the preview worker for one shot and marks its take use-as-input. */
async function generateTake(
  page: Page,
  ids: { movieId: string; nodeId: string; userId: string },
  shotId: string,
  kind: keyof typeof WORKFLOWS,
) {
  const { movieId, nodeId, userId } = ids;
  const upload = await page.request.post(
    `/api/v1/editor/set_inputs_from_workflow/node/${nodeId}/movie/${movieId}`,
    {
      headers: { 'X-Requested-With': 'cinegraph' },
      multipart: {
        file: {
          name: `${kind}.json`,
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(WORKFLOWS[kind])),
        },
      },
    },
  );
  expect(upload.status(), await upload.text()).toBe(200);
  const { generation_ids } = await api<{ generation_ids: string[] }>(
    page,
    'POST',
    `/api/v1/generations/generate/workflow_node_id/${nodeId}/movie_id/${movieId}/user_id/${userId}`,
    { shot_ids: [shotId], num_jobs: 1 },
  );
  const id = generation_ids[0]!;
  await expect
    .poll(async () => (await api<Take>(page, 'GET', `/api/v1/generations/${id}`)).status, { timeout: 90_000 })
    .toBe('success');
  await api(page, 'POST', `/api/v1/generations/update/${id}`, { use_as_input: true });
}

test('plays a movie of a video with sound under it, a still and a take-less shot, and keeps durations', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signInThroughLandingPage(page, 'cut@example.com');
  const { user_id: userId } = await api<{ user_id: string }>(page, 'GET', '/api/v1/session');
  const editor = await openNewMovieEditor(page, context);
  const movieId = editor.url().split('/').at(-2)!;
  const nodeId = (await nodeNamed(editor, 'Text to Video').getAttribute('data-node-id'))!;
  const sceneId = (await api<{ _id: string }[]>(editor, 'GET', `/api/v1/scenes/movie/${movieId}`))[0]!._id;
  const shots = await api<{ _id: string }[]>(editor, 'GET', `/api/v1/shots/scene/${sceneId}`);
  const ids = { movieId, nodeId, userId };
  await generateTake(editor, ids, shots[0]!._id, 'video');
  await generateTake(editor, ids, shots[1]!._id, 'still');
  await generateTake(editor, ids, shots[0]!._id, 'sound');

  // Before another batch: what it would cost, from the three takes' history on the preview worker.
  await editor.reload();
  await nodeNamed(editor, 'Text to Video').getByRole('button', { name: 'Generate' }).click();
  const costs = editor.getByRole('dialog', { name: 'Generate Content' }).getByLabel('Cost estimate');
  await expect(costs).toContainText('Jobs2');
  await expect(costs).toContainText(/Expected GPU time(\d+ s \(a job takes|no history yet)/);
  await expect(costs).toContainText('GPU time left this month');
  await editor.screenshot({ path: 'artifacts/cut-generate-estimate.png' });
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await api(editor, 'POST', `/api/v1/shots/update/${shots[0]!._id}`, {
    dialogue: 'Not yet, the boats are late.',
  });
  // A third shot with no take: the player shows its slate.
  const slate = await api<{ _id: string }>(
    editor,
    'POST',
    `/api/v1/shots?scene_id=${sceneId}&movie_id=${movieId}`,
    {},
  );
  await api(editor, 'POST', `/api/v1/shots/update/${slate._id}`, {
    description: 'Gulls lift off the harbour wall',
    dialogue: 'Mara: Go!',
  });

  // The scene's length on the storyboard follows the duration typed on the shot panel.
  await editor.goto(`/scenes/${movieId}/shots/${sceneId}`);
  const total = editor.getByTestId('cut-total');
  await expect(total).toContainText('Scene 0:0');
  await editor.getByRole('option', { name: 'shot 2' }).click();
  const duration = editor.getByLabel('Duration (seconds)');
  await duration.fill('4.5');
  await duration.press('Enter');
  await expect(total).toHaveText(/Scene 0:0[89] · 3 shots/);
  await expect
    .poll(
      async () =>
        (await api<{ duration: number | null }>(editor, 'GET', `/api/v1/shots/${shots[1]!._id}`)).duration,
    )
    .toBe(4.5);
  await editor.screenshot({ path: 'artifacts/cut-storyboard.png' });

  // Play: the video with its sound and the dialogue as a subtitle.
  await editor.getByRole('button', { name: '▶ Play scene' }).click();
  const player = editor.getByRole('dialog', { name: /^Cut:/ });
  await expect(player).toBeVisible();
  await expect(player.getByTestId('cut-thumbnail')).toHaveCount(3);
  await expect(player.locator('video[src]').first()).toBeVisible();
  await expect(player.getByTestId('cut-sound')).toHaveCount(1);
  await expect(player.getByTestId('cut-subtitle')).toHaveText('Not yet, the boats are late.');
  await editor.keyboard.press('Space');
  await expect(player.getByTestId('cut-time')).not.toHaveText(/^0:00 \//, { timeout: 20_000 });
  await editor.keyboard.press('Space');
  await player.screenshot({ path: 'artifacts/cut-player-video.png' });

  // The preview video lasts under 2 s, so on a slow machine the pause can come after the player has
  // moved on to the still: Home brings it back to the first shot before stepping.
  await editor.keyboard.press('Home');
  await expect(player.getByTestId('cut-shot-label')).toHaveText('Scene 1 · Shot 1');
  // Right: the still, held for its duration; Right again: the slate; Home and End.
  await editor.keyboard.press('ArrowRight');
  await expect(player.getByTestId('cut-shot-label')).toHaveText('Scene 1 · Shot 2');
  await expect(player.locator('img[src*="still"], img[src$=".png"]').first()).toBeVisible();
  await editor.keyboard.press('ArrowRight');
  await expect(player.getByTestId('cut-slate')).toContainText('Scene 1 · Shot 3');
  await expect(player.getByTestId('cut-slate')).toContainText('Mara: Go!');
  await player.screenshot({ path: 'artifacts/cut-player-slate.png' });
  await editor.keyboard.press('Home');
  await expect(player.getByTestId('cut-shot-label')).toHaveText('Scene 1 · Shot 1');
  await editor.keyboard.press('End');
  await expect(player.getByTestId('cut-time')).toHaveText(/^(0:\d\d) \/ \1$/);

  // Dragging the still's right edge 1 s to the right lengthens it; the new duration is saved.
  const strip = await player.getByTestId('cut-strip').boundingBox();
  const edge = await player.getByTestId('cut-thumbnail-edge').nth(1).boundingBox();
  const before = await api<{ seconds: number }>(
    editor,
    'GET',
    `/api/v1/cut/movie/${movieId}?scene_id=${sceneId}`,
  );
  const pxPerSecond = strip!.width / before.seconds;
  await editor.mouse.move(edge!.x + edge!.width / 2, edge!.y + edge!.height / 2);
  await editor.mouse.down();
  await editor.mouse.move(edge!.x + edge!.width / 2 + pxPerSecond, edge!.y + edge!.height / 2, { steps: 4 });
  await editor.mouse.up();
  await expect
    .poll(
      async () =>
        (await api<{ duration: number | null }>(editor, 'GET', `/api/v1/shots/${shots[1]!._id}`)).duration,
    )
    .toBeCloseTo(5.5, 0);

  // Scrubbing: pressing in the middle of the strip moves the play head there.
  await editor.mouse.click(strip!.x + strip!.width / 2, strip!.y + strip!.height / 2);
  await expect(player.getByTestId('cut-time')).not.toHaveText(/^0:00 \//);
  await editor.keyboard.press('Escape');
  await expect(player).toBeHidden();

  // The durations reach the shot list.
  const csv = await (await editor.request.get(`/api/v1/export/movie/${movieId}/shot_list`)).text();
  expect(csv).toMatch(/,5\.5,/);

  // Render cut: one MP4 made on the server, its progress shown, then downloadable.
  const render = editor.getByTestId('render-cut');
  await render.getByLabel('Render resolution').selectOption('1280x720');
  await render.getByRole('button', { name: 'Render cut' }).click();
  const mp4 = render.getByRole('link', { name: /Download MP4 \(1280x720, 24 fps\)/ });
  await expect(mp4).toBeVisible({ timeout: 90_000 });
  const file = await editor.request.get((await mp4.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('video/mp4');
  expect((await file.body()).subarray(4, 8).toString()).toBe('ftyp');
  await editor.screenshot({ path: 'artifacts/cut-render-done.png' });

  // On a phone: the player fills the screen, the strip under the picture.
  await editor.setViewportSize({ width: 390, height: 844 });
  await editor.getByRole('button', { name: '▶ Play scene' }).click();
  await expect(player.getByTestId('cut-strip')).toBeInViewport();
  await editor.screenshot({ path: 'artifacts/cut-player-phone.png' });
  await player.getByRole('button', { name: 'Close the player' }).click();
});
