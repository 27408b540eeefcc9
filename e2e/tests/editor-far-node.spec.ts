import { expect, test, type Locator, type Page } from '@playwright/test';
import { editorNodes, nodeNamed, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';
import { api } from './studio-api';

/**
 * What the minimap's canvas holds: opaque node pixels in the view's rectangle, opaque ones dimmed
 * outside it (as editor-view.spec.ts counts them).
 */
function minimapPixels(minimap: Locator): Promise<{ nodes: number; dimmedNodes: number }> {
  return minimap.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const count = { nodes: 0, dimmedNodes: 0 };
    for (let i = 0; i < data.length; i += 4) {
      const [r, a] = [data[i]!, data[i + 3]!];
      if (a === 255 && r > 70) count.nodes += 1;
      else if (a === 255 && r > 20 && r < 45) count.dimmedNodes += 1;
    }
    return count;
  });
}

/** A new movie's editor with its Download node moved to `position` (and opened afresh there). */
async function editorWithDownloadAt(page: Page, position: { x: number; y: number }) {
  const editor = await openNewMovieEditor(page, page.context());
  const movieId = editor.url().split('/').at(-2)!;
  const nodes = await api<{ _id: string; name: string }[]>(editor, 'GET', `/api/v1/editor/nodes/${movieId}`);
  const far = nodes.find((node) => node.name === 'Download')!;
  await api(editor, 'POST', `/api/v1/editor/update/movie/${movieId}/nodes?positionsOnly=true`, [
    { id: far._id, position },
  ]);
  await editor.evaluate((id) => localStorage.removeItem(`cinegraph.editorView.${id}`), movieId);
  await editor.reload();
  await expect(editorNodes(editor).first()).toBeVisible();
  return editor;
}

test('with one node 60,000 px from the rest, the minimap shows the graph, the far node and the view', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughLandingPage(page, 'far-minimap@example.com');
  const editor = await editorWithDownloadAt(page, { x: 60_000, y: 40_000 });
  const minimap = editor.getByRole('img', { name: 'Mini Map' });
  await expect(minimap).toBeVisible();
  // The graph in view (lit, in the view's rectangle) and the far node outside it (dimmed): at scale
  // each would be under a pixel, and the minimap a dark square.
  await expect.poll(async () => (await minimapPixels(minimap)).nodes).toBeGreaterThan(4);
  expect((await minimapPixels(minimap)).dimmedNodes).toBeGreaterThan(3);
  await minimap.screenshot({ path: 'artifacts/editor-far-node-minimap.png' });
  await context.close();
});

/** The canvas's zoom, read from its viewport's transform. */
const canvasZoom = (page: Page) =>
  page
    .locator('.react-flow__viewport')
    .evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)![1]));

test('edges move, but one to a node dragged far off stands still until it is brought back', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInThroughLandingPage(page, 'far-edge@example.com');
  const editor = await openNewMovieEditor(page, context);
  const download = nodeNamed(editor, 'Download');
  const id = await download.getAttribute('data-node-id');
  const edges = editor.locator('.react-flow__edge');
  const toDownload = editor.locator(`.react-flow__edge[data-testid*="-${id}-"]`);
  const stillOnes = () =>
    edges.evaluateAll((all) =>
      all.filter((e) => !e.classList.contains('animated')).map((e) => e.dataset.testid),
    );
  // A small graph: every edge moves.
  await expect(toDownload).toHaveCount(1);
  await expect.poll(stillOnes).toEqual([]);

  // Zoomed out as far as the canvas goes, Download dragged 500 px right: over 6,000 canvas px off.
  const canvas = (await editor.getByTestId('editor-canvas').boundingBox())!;
  await editor.mouse.move(canvas.x + 40, canvas.y + canvas.height - 40);
  for (let i = 0; i < 6; i += 1) await editor.mouse.wheel(0, 800);
  await expect.poll(() => canvasZoom(editor)).toBeLessThan(0.06);
  const drag = async (dx: number) => {
    const box = (await download.boundingBox())!;
    await editor.mouse.move(box.x + box.width / 2, box.y + 4);
    await editor.mouse.down();
    await editor.mouse.move(box.x + box.width / 2 + dx, box.y + 4, { steps: 10 });
    await editor.mouse.up();
  };
  await drag(500);
  await expect.poll(stillOnes).toEqual([await toDownload.getAttribute('data-testid')]);
  // Brought back: it moves again.
  await drag(-500);
  await expect.poll(stillOnes).toEqual([]);
  await context.close();
});
