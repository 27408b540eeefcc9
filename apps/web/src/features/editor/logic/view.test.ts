import { describe, expect, it } from 'vitest';
import { defaultZoom, minimapSize } from './device';
import { clearInsets, fittedViewport, visibleArea } from './view';

describe('the editor first view', () => {
  // The text-to-video template's spread, in canvas pixels.
  const graph = { x: -40, y: -60, width: 1900, height: 1100 };
  const contains = (outer: { x: number; y: number; width: number; height: number }, inner: typeof graph) =>
    inner.x >= outer.x - 0.01 &&
    inner.y >= outer.y - 0.01 &&
    inner.x + inner.width <= outer.x + outer.width + 0.01 &&
    inner.y + inner.height <= outer.y + outer.height + 0.01;

  // The canvas below the site's header and the editor's bar, on a laptop and on a phone.
  for (const screen of [
    { name: 'desktop', canvas: { width: 1440, height: 788 }, touch: false },
    { name: 'phone', canvas: { width: 390, height: 700 }, touch: true },
  ]) {
    it(`shows every node clear of the minimap and the buttons (${screen.name})`, () => {
      const insets = clearInsets(minimapSize(screen.touch).height);
      const zoom = defaultZoom({ width: screen.canvas.width, touch: screen.touch });
      const view = fittedViewport(graph, screen.canvas, insets, zoom);
      expect(view.zoom).toBeLessThanOrEqual(zoom);
      expect(contains(visibleArea(view, screen.canvas, insets), graph)).toBe(true);
    });
  }

  it('does not blow a small graph up past the default zoom', () => {
    const small = { x: 0, y: 0, width: 200, height: 100 };
    const view = fittedViewport(small, { width: 1440, height: 788 }, clearInsets(120), 0.8);
    expect(view.zoom).toBe(0.8);
  });
});
