import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** Makes a movie from the text-to-video template on My Movies and opens its editor (a new tab). */
export async function openNewMovieEditor(page: Page, context: BrowserContext): Promise<Page> {
  await page.goto('/movies');
  const create = page.getByRole('button', { name: /Create First Movie|New Movie/ });
  await expect(create).toBeVisible(); // shown once the list has loaded
  // The new movie's card, not one an earlier attempt of the journey (a retry) left in the list.
  const cards = page.getByTestId('movie-card');
  const links = () => cards.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const before = await links();
  await create.click();
  // New Movie is a menu of starts; Create First Movie makes the text-to-video one at once.
  if (before.length > 0) await page.getByRole('menuitem', { name: 'Text to video template' }).click();
  await expect(cards).toHaveCount(before.length + 1);
  const made = (await links()).find((href) => !before.includes(href));
  const card = cards.filter({ has: page.locator(`a[href="${made}"]`) });
  await expect(card).toBeVisible();
  const [editor] = await Promise.all([context.waitForEvent('page'), card.click()]);
  await expect(editor).toHaveURL(/\/movies\/[0-9a-f-]{36}\/editor$/);
  await expect(editorNodes(editor).first()).toBeVisible();
  return editor;
}

export function editorNodes(page: Page): Locator {
  return page.getByTestId('editor-node');
}

export function nodeById(page: Page, id: string): Locator {
  return page.locator(`[data-testid="editor-node"][data-node-id="${id}"]`);
}

export function nodeNamed(page: Page, name: string): Locator {
  return editorNodes(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function nodeIds(page: Page): Promise<string[]> {
  return editorNodes(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-node-id') ?? ''));
}

/** Runs `action` and returns the one node it added to the canvas. */
export async function addedNode(page: Page, action: () => Promise<void>): Promise<Locator> {
  const before = new Set(await nodeIds(page));
  await action();
  let added: string[] = [];
  await expect
    .poll(async () => {
      added = (await nodeIds(page)).filter((id) => !before.has(id));
      return added.length;
    })
    .toBe(1);
  const node = nodeById(page, added[0]!);
  await expect(node).toBeVisible();
  return node;
}

/** Drags from an output handle to an input handle, as a creator connects two nodes. */
export async function dragConnect(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('A handle is not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** A point of an edge's line on screen that no node covers (where a click or a tap hits the edge). */
export async function edgePoint(edge: Locator): Promise<{ x: number; y: number }> {
  return edge.evaluate((group: SVGGElement) => {
    const path = group.querySelector<SVGPathElement>('path.react-flow__edge-path');
    const matrix = path?.getScreenCTM();
    if (!path || !matrix) throw new Error('The edge is not drawn');
    const length = path.getTotalLength();
    for (const share of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.15, 0.85, 0.1, 0.9]) {
      const point = path.getPointAtLength(length * share);
      const screen = new DOMPoint(point.x, point.y).matrixTransform(matrix);
      if (document.elementFromPoint(screen.x, screen.y)?.closest('.react-flow__edge') === group) {
        return { x: screen.x, y: screen.y };
      }
    }
    throw new Error('Every point of the edge is covered');
  });
}

/** The edge between two nodes' handles, by the id the canvas gives it. */
export function edgeBetween(
  page: Page,
  source: string,
  sourceHandle: string,
  target: string,
  targetHandle: string,
) {
  return page.getByTestId(`rf__edge-${source}-${sourceHandle}-${target}-${targetHandle}`);
}

/** The canvas position of a node, read from its transform. */
export async function nodePosition(page: Page, id: string): Promise<{ x: number; y: number }> {
  return page.locator(`.react-flow__node[data-id="${id}"]`).evaluate((el) => {
    const match = /translate\(([-\d.]+)px,\s*([-\d.]+)px\)/.exec((el as HTMLElement).style.transform);
    return { x: Number(match?.[1] ?? NaN), y: Number(match?.[2] ?? NaN) };
  });
}

export async function pickType(node: Locator, type: string): Promise<void> {
  await node
    .getByRole('group', { name: 'Input type' })
    .getByRole('button', { name: type, exact: true })
    .click();
}

/**
 * The point of empty canvas (no node, edge or control under it) nearest to the wanted one: the editor
 * opens at its default zoom centred on the graph, so where the nodes lie depends on the window.
 */
export async function freePanePoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([x0, y0]) => {
      for (let radius = 0; radius < 900; radius += 15) {
        for (let degrees = 0; degrees < 360; degrees += radius === 0 ? 360 : 20) {
          const x = x0 + radius * Math.cos((degrees * Math.PI) / 180);
          const y = y0 + radius * Math.sin((degrees * Math.PI) / 180);
          if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
        }
      }
      throw new Error('No empty canvas on screen');
    },
    [x, y] as const,
  );
}

/** Pans the canvas by a drag on empty canvas, as a creator does. */
export async function panBy(page: Page, dx: number, dy: number): Promise<void> {
  if (dx === 0 && dy === 0) return;
  const canvas = await page.getByTestId('editor-canvas').boundingBox();
  if (!canvas) throw new Error('The canvas is not on screen');
  const from = await freePanePoint(page, canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + dx, from.y + dy, { steps: 8 });
  await page.mouse.up();
}

/**
 * Pans the canvas until `target` lies inside it (the canvas never scrolls, so an element beyond its
 * edge cannot be scrolled into view); returns the shift, to pan back with panBy.
 */
export async function panIntoView(page: Page, target: Locator): Promise<{ dx: number; dy: number }> {
  const canvas = await page.getByTestId('editor-canvas').boundingBox();
  const box = await target.boundingBox();
  if (!canvas || !box) throw new Error('The canvas or the element is not on screen');
  const margin = 40;
  const shift = (start: number, size: number, from: number, length: number) =>
    Math.min(0, from + length - margin - (start + size)) + Math.max(0, from + margin - start);
  const dx = shift(box.x, box.width, canvas.x, canvas.width);
  const dy = shift(box.y, box.height, canvas.y, canvas.height);
  await panBy(page, dx, dy);
  return { dx, dy };
}

/**
 * Brings elements of the canvas into view by panning, as a creator does, and keeps count of the pans so
 * that `restore` can bring back the first view (the nodes in the page depend on the view).
 */
export function viewKeeper(page: Page) {
  let dx = 0;
  let dy = 0;
  return {
    async show(target: Locator): Promise<void> {
      const shift = await panIntoView(page, target);
      dx += shift.dx;
      dy += shift.dy;
    },
    async restore(): Promise<void> {
      await panBy(page, -dx, -dy);
      dx = 0;
      dy = 0;
    },
  };
}
