import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addedNode, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures/comfyui-workflows');
const PIXEL_ART_API = path.join(
  FIXTURES,
  'comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow_api.api.json',
);
const SDXL_UI = 'ComfyUI_examples__sdxl__sdxl_simple_example.png.workflow.ui.json';
const COMFY_DEPLOY_FLUX = 'comfyui-deploy__examples__flux-dev.ui.json';
const LTX_T2V = 'ComfyUI-LTXVideo__example_workflows__2.0__LTX-2_T2V_Distilled_wLora.ui.json';
const TITLE = `Pixel Art ${Date.now()}`;

interface EditorNodeFiles {
  _id: string;
  workflow: { link: string | null; api_link: string | null } | null;
}

test.use({ actionTimeout: 15_000 });

async function expectPixelArtHandles(node: Locator): Promise<void> {
  for (const name of ['prompt', 'width', 'height', 'seed']) {
    await expect(node.getByLabel(`${name} input`, { exact: true })).toBeAttached();
  }
}

/** Edit: either the embedded editor (a reachable worker) or the 'ComfyUI Not Available' dialog. */
async function tryEdit(editor: Page, node: Locator): Promise<void> {
  await node.getByRole('button', { name: 'Edit', exact: true }).click();
  const unavailable = editor.getByRole('dialog', { name: 'ComfyUI Not Available' });
  await expect(unavailable.or(editor.getByRole('button', { name: /Back/ }))).toBeVisible();
  await editor.screenshot({ path: 'artifacts/workflows-edit.png' });
  if (await unavailable.isVisible()) {
    test.info().annotations.push({ type: 'edit', description: 'no reachable worker: dialog shown' });
    await expect(unavailable).toContainText('No ComfyUI instance is currently accessible.');
    await unavailable.getByRole('button', { name: 'Close' }).click();
    return;
  }
  test.info().annotations.push({ type: 'edit', description: 'opened the embedded editor' });
  await expect(editor).toHaveURL(/\/comfyui-iframe\?url=/);
  await expect(editor.locator('iframe')).toHaveAttribute('src', /canvas_only=true/);
  await editor.getByRole('button', { name: /Back/ }).click();
  await expect(editor).toHaveURL(/\/editor$/, { timeout: 20_000 });
}

test('a creator uploads and shares a workflow; another loads it from the shared workflows', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await owner.newPage();
  await signInThroughLandingPage(page, 'workflow-owner@example.com');
  const editor = await openNewMovieEditor(page, owner);

  // Upload a real comfy-pack API workflow into a fresh workflow node: its handles appear.
  const node = await addedNode(editor, () => editor.getByRole('button', { name: 'Add Workflow' }).click());
  await expect(node).toContainText('No workflow yet');
  await node.getByLabel(/^Workflow file for/).setInputFiles(PIXEL_ART_API);
  await expectPixelArtHandles(node);
  await expect(node).not.toContainText('No workflow yet');
  await editor.screenshot({ path: 'artifacts/workflows-uploaded.png' });

  await tryEdit(editor, node);

  // Share it: a title is required.
  await node.getByRole('button', { name: 'Share', exact: true }).click();
  const share = editor.getByRole('dialog', { name: 'Share Workflow' });
  await expect(share).toContainText('Remember to save your workflow before sharing!');
  const submit = share.getByRole('button', { name: 'Share', exact: true });
  await expect(submit).toBeDisabled();
  await share.getByLabel('Title').fill('   ');
  await expect(submit).toBeDisabled();
  await share.getByLabel('Title').fill(TITLE);
  await share.getByLabel('Description').fill('Pixel art from a prompt, by the e2e journey.');
  await submit.click();
  await expect(share.getByRole('status')).toHaveText('Workflow shared successfully!');
  await editor.screenshot({ path: 'artifacts/workflows-shared.png' });
  await expect(share).toBeHidden({ timeout: 5_000 });

  // Another creator finds it, likes it and loads it into a new workflow node.
  const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const otherPage = await other.newPage();
  await signInThroughLandingPage(otherPage, 'workflow-fan@example.com');
  const fanEditor = await openNewMovieEditor(otherPage, other);
  await fanEditor.getByRole('button', { name: 'Create Node' }).click();
  await fanEditor.getByRole('menuitem', { name: 'Workflow', exact: true }).hover();
  await fanEditor
    .getByRole('menu', { name: 'Workflow Options' })
    .getByRole('menuitem', { name: 'Shared workflows…' })
    .click();
  const browserModal = fanEditor.getByRole('dialog', { name: 'Shared Workflows' });
  await expect(browserModal).toBeVisible();
  await browserModal.getByRole('searchbox', { name: 'Search shared workflows' }).fill('no such workflow zzz');
  await expect(browserModal).toContainText('No workflows found');
  await browserModal.getByRole('searchbox', { name: 'Search shared workflows' }).fill(TITLE);
  const card = browserModal.getByTestId('shared-workflow').filter({ hasText: TITLE });
  await expect(card).toHaveCount(1);
  // Not the owner: no delete.
  await expect(card.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card.getByTestId('like-count')).toHaveText('1');
  await fanEditor.screenshot({ path: 'artifacts/workflows-browser.png' });

  const loaded = await addedNode(fanEditor, () => card.getByRole('button', { name: 'Load' }).click());
  await expect(browserModal).toBeHidden();
  await expect(loaded.getByRole('heading', { name: TITLE })).toBeVisible();
  await expectPixelArtHandles(loaded);
  await fanEditor.screenshot({ path: 'artifacts/workflows-loaded.png' });

  // The like stays after reopening the browser.
  await fanEditor.getByRole('button', { name: 'Create Node' }).click();
  await fanEditor.getByRole('menuitem', { name: 'Workflow', exact: true }).hover();
  await fanEditor.getByRole('menuitem', { name: 'Shared workflows…' }).click();
  await browserModal.getByRole('searchbox', { name: 'Search shared workflows' }).fill(TITLE);
  await expect(card.getByTestId('like-count')).toHaveText('1');
  await browserModal.getByRole('button', { name: 'Close' }).click();

  // The owner sees the delete control on their own workflow.
  await editor.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Create Node' }).click();
  await editor.getByRole('menuitem', { name: 'Workflow', exact: true }).hover();
  await editor.getByRole('menuitem', { name: 'Shared workflows…' }).click();
  const ownerModal = editor.getByRole('dialog', { name: 'Shared Workflows' });
  await ownerModal.getByRole('searchbox', { name: 'Search shared workflows' }).fill(TITLE);
  await expect(
    ownerModal
      .getByTestId('shared-workflow')
      .filter({ hasText: TITLE })
      .getByRole('button', { name: 'Delete' }),
  ).toBeVisible();
  await ownerModal.getByRole('button', { name: 'Close' }).click();

  // The embedded editor page without an address.
  await fanEditor.goto('/comfyui-iframe');
  await expect(fanEditor.getByText('No URL provided.')).toBeVisible();
  await expect(fanEditor.getByRole('heading', { name: 'ComfyUI Instance' })).toBeVisible();
  await fanEditor.getByRole('button', { name: 'Help about Cinegraph nodes' }).click();
  const help = fanEditor.getByRole('dialog', { name: 'Cinegraph nodes in ComfyUI' });
  await expect(help).toContainText('Every workflow needs an output node.');
  await expect(help).toContainText('Work in progress');
  await fanEditor.screenshot({ path: 'artifacts/workflows-iframe-no-url.png' });

  await owner.close();
  await other.close();
});

test("a UI-format workflow is converted with the worker's node definitions at upload", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughLandingPage(page, 'workflow-converter@example.com');
  const editor = await openNewMovieEditor(page, context);
  const movieId = /\/movies\/([0-9a-f-]{36})\/editor$/.exec(editor.url())![1]!;

  // The studio's preview worker knows ComfyUI's own nodes: the example is stored in both formats.
  const node = await addedNode(editor, () => editor.getByRole('button', { name: 'Add Workflow' }).click());
  await node.getByLabel(/^Workflow file for/).setInputFiles(path.join(FIXTURES, SDXL_UI));
  await expect(node.getByLabel('Save Image output', { exact: true })).toBeAttached();
  const nodeId = await node.getAttribute('data-node-id');
  const listed = await editor.request.get(`/api/v1/editor/nodes/${movieId}`);
  const stored = ((await listed.json()) as EditorNodeFiles[]).find((n) => n._id === nodeId);
  expect(stored?.workflow?.api_link).toMatch(/workflow_api\.json$/);
  const prompt = await editor.request.get(
    `/api/v1/utils/proxy-workflow?url=${encodeURIComponent(stored!.workflow!.api_link!)}`,
  );
  expect(((await prompt.json()) as Record<string, { class_type: string }>)['19']?.class_type).toBe(
    'SaveImage',
  );

  // The preview worker also knows ComfyDeploy's input nodes: its example uploads with its handles.
  const deploy = await addedNode(editor, () => editor.getByRole('button', { name: 'Add Workflow' }).click());
  await deploy.getByLabel(/^Workflow file for/).setInputFiles(path.join(FIXTURES, COMFY_DEPLOY_FLUX));
  for (const name of ['Prompt', 'Width', 'Height']) {
    await expect(deploy.getByLabel(`${name} input`, { exact: true })).toBeAttached();
  }
  await expect(deploy.getByLabel('Save Image output', { exact: true })).toBeAttached();
  await expect(deploy).not.toContainText('does not know the node');
  await expect(deploy).not.toContainText('No workflow yet');
  const deployId = await deploy.getAttribute('data-node-id');
  const relisted = (await (
    await editor.request.get(`/api/v1/editor/nodes/${movieId}`)
  ).json()) as EditorNodeFiles[];
  expect(relisted.find((n) => n._id === deployId)?.workflow?.api_link).toMatch(/workflow_api\.json$/);

  // A workflow needing custom nodes the worker lacks (LTX-Video's, ComfyMath's) is kept with its
  // handles, the node waiting for a worker that knows them (named).
  const custom = await addedNode(editor, () => editor.getByRole('button', { name: 'Add Workflow' }).click());
  await custom.getByLabel(/^Workflow file for/).setInputFiles(path.join(FIXTURES, LTX_T2V));
  await expect(custom.getByRole('status')).toHaveText(
    'Waiting for a worker with CM_FloatToInt, LTXVGemmaCLIPModelLoader, LTXVGemmaEnhancePrompt, LTXVSpatioTemporalTiledVAEDecode',
  );
  await expect(custom).not.toContainText('No workflow yet');
  await editor.screenshot({ path: 'artifacts/workflows-converted.png' });

  // Zoomed out past reading, where its message is not drawn, the waiting node's card says it by colour;
  // the workflows that uploaded whole show no state.
  const zoomOut = editor.getByRole('button', { name: 'Zoom Out' });
  for (let i = 0; i < 5; i += 1) await zoomOut.click();
  await expect(custom).toHaveAttribute('data-card', 'waiting');
  await expect(custom.getByRole('status')).toHaveCount(0);
  await expect(deploy).toHaveAttribute('data-card', '');
  await expect(node).toHaveAttribute('data-card', '');
  await editor.screenshot({ path: 'artifacts/workflows-cards.png' });
  await context.close();
});
