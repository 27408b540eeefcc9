import { expect, test, type Page } from '@playwright/test';
import {
  freePanePoint,
  addedNode,
  dragConnect,
  edgeBetween,
  edgePoint,
  editorNodes,
  nodeById,
  nodeNamed,
  nodePosition,
  openNewMovieEditor,
  viewKeeper,
  pickType,
} from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';

/** Clicks the empty canvas nearest to a point (the node layout depends on the window). */
async function clickFree(page: Page, x: number, y: number, options?: { button: 'right' }) {
  const point = await freePanePoint(page, x, y);
  await page.mouse.click(point.x, point.y, options);
}

const WORKFLOW_CONFIRM =
  'Are you sure you want to delete this workflow node? All associated generations and data will be permanently deleted.';

test.use({ actionTimeout: 15_000 });

async function waitUntilSaved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveText(/^\s*Saved\s*$/);
}

test('a creator builds a graph on the canvas and finds it again after a reload', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughLandingPage(page, 'canvas@example.com');
  const editor = await openNewMovieEditor(page, context);
  const movieId = editor.url().split('/').at(-2)!;

  // The text-to-video template: inputs of every level, AddText and prompt utilities, a workflow, Download.
  await expect(nodeNamed(editor, 'Text to Video')).toBeVisible();
  await expect(nodeNamed(editor, 'Download')).toBeVisible();
  await expect(editor.locator('[data-node-type="moviePrimitive"]').first()).toBeVisible();
  await expect(
    editor.locator('[data-node-type="characterPrimitive"] [data-level-person]').first(),
  ).toBeVisible();
  await expect(
    editor.locator('[data-node-type="shotPrimitive"] [data-level-bars="3"]').first(),
  ).toBeVisible();
  await nodeNamed(editor, 'Text to Video').getByRole('button', { name: 'Generate' }).click();
  const generateDialog = editor.getByRole('dialog', { name: 'Generate Content' });
  await expect(generateDialog).toBeVisible();
  await generateDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(generateDialog).toHaveCount(0);
  await editor.screenshot({ path: 'artifacts/editor-desktop-template.png' });

  // A workflow node is renamed with a double-click on its title; Escape leaves the name as it was.
  const workflowId = (await nodeNamed(editor, 'Text to Video').getAttribute('data-node-id'))!;
  const workflowNode = nodeById(editor, workflowId);
  await workflowNode.getByRole('heading', { name: 'Text to Video' }).dblclick();
  await workflowNode.getByRole('textbox', { name: 'Workflow name' }).fill('Harbour Video');
  await workflowNode.getByRole('textbox', { name: 'Workflow name' }).press('Escape');
  await expect(workflowNode.getByRole('heading', { name: 'Text to Video' })).toBeVisible();
  await workflowNode.getByRole('heading', { name: 'Text to Video' }).dblclick();
  await workflowNode.getByRole('textbox', { name: 'Workflow name' }).fill('Harbour Video');
  await workflowNode.getByRole('textbox', { name: 'Workflow name' }).press('Enter');
  await expect(nodeNamed(editor, 'Harbour Video')).toBeVisible();

  // Buttons: Add Primitive, Add Character, Add Workflow. Each fresh input asks for its type first.
  const text = await addedNode(editor, () => editor.getByRole('button', { name: 'Add Primitive' }).click());
  await expect(text).toHaveAttribute('data-node-type', 'moviePrimitive');
  await pickType(text, 'text');
  await text.getByRole('textbox', { name: 'Text value' }).fill('A rainy harbour at dawn');
  // The title drags the node; a double-click renames it.
  await text.getByRole('heading').dblclick();
  await text.getByRole('textbox', { name: 'Input name' }).fill('Mood');
  await text.getByRole('textbox', { name: 'Input name' }).press('Enter');

  const image = await addedNode(editor, () => editor.getByRole('button', { name: 'Add Character' }).click());
  await expect(image).toHaveAttribute('data-node-type', 'characterPrimitive');
  await pickType(image, 'image');
  await image.getByRole('textbox', { name: 'image URL' }).fill('/media/node-editor.webp');
  await expect(image.getByRole('img', { name: 'Preview' })).toBeVisible();

  const buttonWorkflow = await addedNode(editor, () =>
    editor.getByRole('button', { name: 'Add Workflow' }).click(),
  );
  await expect(buttonWorkflow).toHaveAttribute('data-node-type', 'workflow');
  await expect(buttonWorkflow).toContainText('No workflow yet');
  await expect(buttonWorkflow.getByRole('button', { name: 'Generate' })).toHaveCount(0);

  // Shortcuts at the cursor: P, C and N (ignored while typing in a field). A node made at the pointer
  // near the canvas's edge may reach beyond it: the canvas is panned to it, and back before the reload.
  const view = viewKeeper(editor);
  await editor.mouse.move(1150, 760);
  const number = await addedNode(editor, () => editor.keyboard.press('p'));
  await view.show(number);
  await pickType(number, 'number');
  await view.show(number);
  const numberField = number.getByRole('textbox', { name: 'Number value' });
  await numberField.fill('700');
  await numberField.blur();
  await expect(numberField).toHaveValue('600');
  await numberField.fill('abc');
  await numberField.blur();
  await expect(numberField).toHaveValue('600');
  await numberField.fill('42');
  await numberField.blur();
  await expect(numberField).toHaveValue('42');

  await numberField.click();
  const count = await editorNodes(editor).count();
  await editor.keyboard.press('n');
  await editor.keyboard.press('c');
  await expect(numberField).toHaveValue('42nc');
  await expect(editorNodes(editor)).toHaveCount(count);
  await numberField.blur();
  await expect(numberField).toHaveValue('42');

  await clickFree(editor, 1000, 640);
  const lora = await addedNode(editor, () => editor.keyboard.press('c'));
  await view.show(lora);
  await pickType(lora, 'lora');
  await view.show(lora);
  await lora.getByRole('textbox', { name: 'LoRA keyword' }).fill('harbourstyle');
  await lora.getByRole('textbox', { name: 'LoRA URL' }).fill('https://example.com/harbour.safetensors');
  const strength = lora.getByRole('textbox', { name: 'Strength' });
  await strength.fill('3');
  await strength.blur();
  await expect(strength).toHaveValue('2');

  await editor.mouse.move(1300, 700);
  const keyWorkflow = await addedNode(editor, () => editor.keyboard.press('n'));
  await expect(keyWorkflow).toHaveAttribute('data-node-type', 'workflow');

  // The context menu at the cursor: Input, Workflow and Utility with their submenus; Escape closes it.
  await clickFree(editor, 260, 420, { button: 'right' });
  const menu = editor.getByRole('menu', { name: 'Add node' });
  await expect(menu).toBeVisible();
  await editor.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await clickFree(editor, 260, 420, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Input' }).hover();
  const video = await addedNode(editor, () =>
    editor.getByRole('menu', { name: 'Input Nodes' }).getByRole('menuitem', { name: 'Shot Input' }).click(),
  );
  await expect(video).toHaveAttribute('data-node-type', 'shotPrimitive');
  await expect(menu).toBeHidden();
  await pickType(video, 'video');
  await video.getByRole('textbox', { name: 'video URL' }).fill('/media/hero-loop.webm');

  await clickFree(editor, 260, 640, { button: 'right' });
  await menu.getByRole('menuitem', { name: 'Input' }).hover();
  const audio = await addedNode(editor, () =>
    editor.getByRole('menu', { name: 'Input Nodes' }).getByRole('menuitem', { name: 'Scene Input' }).click(),
  );
  await pickType(audio, 'audio');
  await audio.getByRole('textbox', { name: 'audio URL' }).fill('https://example.com/theme.mp3');

  // Space opens the menu where the cursor is; outside click closes it.
  await clickFree(editor, 1200, 300);
  await editor.keyboard.press(' ');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Utility' }).hover();
  const addText = await addedNode(editor, () =>
    editor.getByRole('menu', { name: 'Utility Nodes' }).getByRole('menuitem', { name: 'Add Text' }).click(),
  );
  await expect(addText).toHaveAttribute('data-node-type', 'utility');
  await editor.mouse.move(1150, 520);
  await editor.keyboard.press(' ');
  await menu.getByRole('menuitem', { name: 'Workflow' }).hover();
  const menuWorkflow = await addedNode(editor, () =>
    editor
      .getByRole('menu', { name: 'Workflow Options' })
      .getByRole('menuitem', { name: 'Empty Workflow' })
      .click(),
  );
  await editor.keyboard.press(' ');
  await expect(menu).toBeVisible();
  await clickFree(editor, 700, 860);
  await expect(menu).toBeHidden();

  // vector2 on the template's Resolution input.
  const resolution = editorNodes(editor)
    .filter({ has: editor.getByRole('textbox', { name: 'Width' }) })
    .first();
  await resolution.getByRole('textbox', { name: 'Width' }).fill('1280');
  await resolution.getByRole('textbox', { name: 'Height' }).fill('720');
  await resolution.getByRole('textbox', { name: 'Height' }).blur();

  // Connect the new Mood text into Add Text, then disconnect it and connect again.
  const textId = (await text.getAttribute('data-node-id'))!;
  const addTextId = (await addText.getAttribute('data-node-id'))!;
  await clickFree(editor, 700, 860);
  await dragConnect(
    editor,
    text.locator('.react-flow__handle.source'),
    addText.locator('[data-handleid="text_1"]'),
  );
  const edge = edgeBetween(editor, textId, 'output', addTextId, 'text_1');
  await expect(edge).toBeAttached();
  await waitUntilSaved(editor);
  const middle = await edgePoint(edge);
  await editor.mouse.click(middle.x, middle.y);
  await expect(edge).toHaveClass(/selected/);
  await editor.keyboard.press('Delete');
  await expect(edge).toHaveCount(0);
  await dragConnect(
    editor,
    text.locator('.react-flow__handle.source'),
    addText.locator('[data-handleid="text_1"]'),
  );
  await expect(edge).toBeAttached();

  // Arrow keys move the selected node 5 px, 20 px with Shift.
  const numberId = (await number.getAttribute('data-node-id'))!;
  await number.locator('header').click({ position: { x: 8, y: 8 } });
  const start = await nodePosition(editor, numberId);
  await editor.keyboard.press('ArrowRight');
  await editor.keyboard.press('Shift+ArrowDown');
  await expect.poll(() => nodePosition(editor, numberId)).toEqual({ x: start.x + 5, y: start.y + 20 });

  // The canvas never scrolls: a scroll (a focus or a scroll into view near its edge) would shift every
  // node under the pointer until React Flow undoes it, and a click meanwhile would land beside its target.
  const scrolled = await editor.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>('.react-flow')!;
    canvas.scrollTop = 40;
    return canvas.scrollTop;
  });
  expect(scrolled).toBe(0);

  // Hide and show through the node's menu; hidden nodes show at half opacity when asked for.
  const audioId = (await audio.getAttribute('data-node-id'))!;
  await audio.getByRole('button', { name: /Node menu of/ }).click();
  await editor.getByRole('menuitem', { name: 'Hide node' }).click();
  await expect(nodeById(editor, audioId)).toHaveCount(0);
  await editor.getByRole('checkbox', { name: /hidden/i }).check();
  await expect(nodeById(editor, audioId)).toHaveAttribute('data-hidden', 'true');
  await expect(editor.locator(`.react-flow__node[data-id="${audioId}"]`)).toHaveClass(/opacity-50/);
  await nodeById(editor, audioId)
    .getByRole('button', { name: /Node menu of/ })
    .click();
  await editor.getByRole('menuitem', { name: 'Show node' }).click();
  await expect(nodeById(editor, audioId)).not.toHaveAttribute('data-hidden', 'true');
  await nodeById(editor, audioId)
    .getByRole('button', { name: /Node menu of/ })
    .click();
  await editor.getByRole('menuitem', { name: 'Hide node' }).click();
  await expect(nodeById(editor, audioId)).toHaveAttribute('data-hidden', 'true');
  await editor.getByRole('checkbox', { name: /hidden/i }).uncheck();
  await expect(nodeById(editor, audioId)).toHaveCount(0);

  // Delete: an input goes at once; a workflow node asks first (cancel keeps it, Delete removes it).
  const videoId = (await video.getAttribute('data-node-id'))!;
  await video.getByRole('button', { name: /Node menu of/ }).click();
  await editor.getByRole('menuitem', { name: 'Delete node' }).click();
  await expect(nodeById(editor, videoId)).toHaveCount(0);

  const keyWorkflowId = (await keyWorkflow.getAttribute('data-node-id'))!;
  await keyWorkflow.locator('header').click({ position: { x: 8, y: 8 } });
  await editor.keyboard.press('Delete');
  const confirm = editor.getByRole('dialog');
  await expect(confirm).toContainText(WORKFLOW_CONFIRM);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(nodeById(editor, keyWorkflowId)).toBeVisible();
  await view.show(keyWorkflow);
  await keyWorkflow.getByRole('button', { name: /Node menu of/ }).click();
  await editor.getByRole('menuitem', { name: 'Delete node' }).click();
  await expect(confirm).toContainText(WORKFLOW_CONFIRM);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(nodeById(editor, keyWorkflowId)).toHaveCount(0);
  await view.restore();
  const menuWorkflowId = (await menuWorkflow.getAttribute('data-node-id'))!;
  const buttonWorkflowId = (await buttonWorkflow.getAttribute('data-node-id'))!;

  // Help dialog: its code (and the Export dialog's) comes when it is first opened, not with the page,
  // whose files ahead of its reads hold them back.
  const loadedFiles = () =>
    editor.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  const dialogFile = /\/assets\/(HelpDialog|ShortcutList|ExportMovieDialog)-/;
  expect((await loadedFiles()).filter((name) => dialogFile.test(name))).toEqual([]);
  await editor.getByRole('button', { name: 'Help' }).click();
  const help = editor.getByRole('dialog', { name: 'Node Editor Help' });
  await expect(help).toContainText('Keyboard shortcuts');
  await expect(help).toContainText('Ctrl/Cmd + S');
  await help.getByRole('button', { name: 'Close' }).click();

  // Ctrl+S saves everything; then a reload shows the same graph.
  await editor.keyboard.press('Control+s');
  await expect(editor.getByText('Saved.')).toBeVisible();
  await waitUntilSaved(editor);
  await editor.screenshot({ path: 'artifacts/editor-desktop-built.png' });
  const nodesBefore = await editorNodes(editor).count();
  const movedTo = await nodePosition(editor, numberId);

  await editor.reload();
  await expect(nodeById(editor, textId)).toBeVisible();
  await expect(editorNodes(editor)).toHaveCount(nodesBefore);
  await expect(nodeById(editor, textId).getByRole('textbox', { name: 'Text value' })).toHaveValue(
    'A rainy harbour at dawn',
  );
  await expect(nodeById(editor, textId).getByRole('heading', { name: 'Mood' })).toBeVisible();
  await expect(nodeById(editor, numberId).getByRole('textbox', { name: 'Number value' })).toHaveValue('42');
  expect(await nodePosition(editor, numberId)).toEqual(movedTo);
  const loraAfter = nodeById(editor, (await lora.getAttribute('data-node-id'))!);
  await expect(loraAfter.getByRole('textbox', { name: 'LoRA keyword' })).toHaveValue('harbourstyle');
  await expect(loraAfter.getByRole('textbox', { name: 'Strength' })).toHaveValue('2');
  const imageAfter = nodeById(editor, (await image.getAttribute('data-node-id'))!);
  await expect(imageAfter.getByRole('textbox', { name: 'image URL' })).toHaveValue('/media/node-editor.webp');
  await expect(editorNodes(editor).getByRole('textbox', { name: 'Width' }).first()).toHaveValue('1280');
  await expect(editorNodes(editor).getByRole('textbox', { name: 'Height' }).first()).toHaveValue('720');
  await expect(edgeBetween(editor, textId, 'output', addTextId, 'text_1')).toBeAttached();
  await expect(nodeById(editor, audioId)).toHaveCount(0);
  await expect(nodeById(editor, videoId)).toHaveCount(0);
  await expect(nodeById(editor, keyWorkflowId)).toHaveCount(0);
  await expect(nodeById(editor, menuWorkflowId)).toBeVisible();
  await expect(nodeById(editor, buttonWorkflowId)).toBeVisible();
  await editor.getByRole('checkbox', { name: /hidden/i }).check();
  await expect(nodeById(editor, audioId).getByRole('textbox', { name: 'audio URL' })).toHaveValue(
    'https://example.com/theme.mp3',
  );
  await editor.getByRole('checkbox', { name: /hidden/i }).uncheck();

  // The movie's inputs were written by the save: the Mood input is one of them.
  const movie = await (await editor.request.get(`/api/v1/movies/${movieId}`)).json();
  expect(movie.inputs).toContainEqual(
    expect.objectContaining({
      node_id: textId,
      type: 'text',
      name: 'Mood',
      value: 'A rainy harbour at dawn',
    }),
  );

  // The Characters link saves first, then opens the characters screen.
  await editor.getByRole('button', { name: 'Characters' }).click();
  await expect(editor).toHaveURL(new RegExp(`/movies/${movieId}/characters$`));
  await context.close();
});

test('on a phone, nodes come from the Create Node dialog and edges answer to taps', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  });
  const page = await context.newPage();
  await signInThroughLandingPage(page, 'phone-canvas@example.com');
  const editor = await openNewMovieEditor(page, context);
  await editor.screenshot({ path: 'artifacts/editor-phone-template.png' });

  // Create Node is on screen as the editor opens, not scrolled away in the toolbar's row of actions.
  const createNode = editor.getByRole('button', { name: 'Create Node' });
  await expect(createNode).toBeInViewport({ ratio: 1 });
  await createNode.click({ trial: true });

  // The Create Node dialog with tabs Inputs, Workflows and Utility replaces the context menu.
  await createNode.tap();
  const dialog = editor.getByRole('dialog', { name: 'Create Node' });
  await expect(dialog.getByRole('tab')).toHaveText(['Inputs', 'Workflows', 'Utility']);
  await editor.screenshot({ path: 'artifacts/editor-phone-create-node.png' });
  await dialog.getByRole('tab', { name: 'Utility' }).click();
  const utility = await addedNode(editor, () => dialog.getByRole('button', { name: /Add Text/ }).click());
  await expect(dialog).toBeHidden();
  await expect(utility).toHaveAttribute('data-node-type', 'utility');

  await editor.getByRole('button', { name: 'Create Node' }).click();
  await dialog.getByRole('tab', { name: 'Inputs' }).click();
  const shot = await addedNode(editor, () => dialog.getByRole('button', { name: /Shot Input/ }).click());
  await expect(shot).toHaveAttribute('data-node-type', 'shotPrimitive');
  await pickType(shot, 'text');

  // Taps on an edge: the first selects it, a tap on empty canvas deselects, two taps remove it.
  // The canvas draws only what is in view: the whole graph, with the template's Download node, once fitted.
  const fitButton = editor.getByRole('button', { name: /fit view/i });
  await fitButton.tap();
  await expect(nodeNamed(editor, 'Download')).toBeAttached();
  const edge = editor.locator('.react-flow__edge[data-testid$="-media"]').first();
  await expect(edge).toBeAttached();
  let point = await edgePoint(edge);
  await editor.touchscreen.tap(point.x, point.y);
  await expect(edge).toHaveClass(/selected/);
  await editor.screenshot({ path: 'artifacts/editor-phone-edge-selected.png' });
  const canvas = await editor.getByTestId('editor-canvas').boundingBox();
  await editor.touchscreen.tap(canvas!.x + 20, canvas!.y + canvas!.height - 30);
  await expect(edge).not.toHaveClass(/selected/);
  point = await edgePoint(edge);
  await editor.touchscreen.tap(point.x, point.y);
  await expect(edge).toHaveClass(/selected/);
  const edgeId = await edge.getAttribute('data-testid');
  await editor.touchscreen.tap(point.x, point.y);
  await expect(editor.getByTestId(edgeId!)).toHaveCount(0);

  await editor.reload();
  await expect(nodeById(editor, (await utility.getAttribute('data-node-id'))!)).toBeAttached();
  await expect(editor.getByTestId(edgeId!)).toHaveCount(0);
  await editor.screenshot({ path: 'artifacts/editor-phone.png' });
  await context.close();
});
