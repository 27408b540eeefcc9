import { describe, expect, it } from 'vitest';
import { defaultZoom, minimapSize } from './device';
import type { ReactFlowState } from '@xyflow/react';
import {
  busiestNodes,
  canvasPoint,
  clearInsets,
  fittedViewport,
  keptFit,
  nodesInViewMeasured,
  visibleArea,
} from './view';

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
      const view = fittedViewport([graph], screen.canvas, insets, zoom)!;
      expect(view.zoom).toBeLessThanOrEqual(zoom);
      expect(contains(visibleArea(view, screen.canvas, insets), graph)).toBe(true);
    });
  }

  it('does not blow a small graph up past the default zoom', () => {
    const small = { x: 0, y: 0, width: 200, height: 100 };
    const view = fittedViewport([small], { width: 1440, height: 788 }, clearInsets(120), 0.8)!;
    expect(view.zoom).toBe(0.8);
  });

  // A template's nodes in a row, 400 x 300 each, 500 apart.
  const row = (x: number, y: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ x: x + i * 500, y, width: 400, height: 300 }));
  const desktop = { width: 1440, height: 788 };
  const shownIn = (view: { x: number; y: number; zoom: number }, insets: ReturnType<typeof clearInsets>) => {
    const area = visibleArea(view, desktop, insets);
    return (nodes: (typeof graph)[]) => nodes.filter((node) => contains(area, node)).length;
  };

  it('shows the graph, not the empty middle, when one node was dragged too far off to fit', () => {
    const insets = clearInsets(120);
    const movie = row(0, 0, 6);
    const dragged = { x: 2_000_000, y: 900_000, width: 400, height: 300 };
    const view = fittedViewport([...movie, dragged], desktop, insets, 0.8)!;
    expect(shownIn(view, insets)(movie)).toBe(movie.length);
    // The whole movie's six nodes are fitted as a graph alone would be, not at the least zoom.
    expect(view).toEqual(fittedViewport(movie, desktop, insets, 0.8));
  });

  it('fits the largest cluster of a graph too wide for the least zoom', () => {
    const insets = clearInsets(120);
    const small = row(0, 0, 3);
    const large = row(500_000, 40_000, 8);
    const view = fittedViewport([...small, ...large], desktop, insets, 0.8)!;
    const shown = shownIn(view, insets);
    expect(shown(large)).toBe(large.length);
    expect(shown(small)).toBe(0);
  });

  it('opens on the left of clusters of one size (where a movie begins)', () => {
    const left = row(0, 0, 4);
    const right = row(900_000, 0, 4);
    expect(busiestNodes([...right, ...left], { width: 30_000, height: 15_000 })).toEqual(left);
  });

  it('takes a cluster wider than the rest together when it fits the least zoom', () => {
    // Nodes spread over 25,000 px are one cluster at zoom 0.05 (28,000 px of a desktop canvas).
    const spread = row(0, 0, 51);
    const far = row(1_000_000, 0, 50);
    const view = fittedViewport([...spread, ...far], desktop, clearInsets(120), 0.8)!;
    expect(view.zoom).toBeLessThan(0.06);
    expect(shownIn(view, clearInsets(120))(spread)).toBe(spread.length);
  });

  it('shows nothing to fit of no node', () => {
    expect(fittedViewport([], desktop, clearInsets(120), 0.8)).toBeNull();
  });
});

describe('the first view fitted again once measured', () => {
  // A canvas 1000 x 500 at zoom 1 on the origin; one node in view, one far off.
  const node = (id: string, x: number, measured: boolean) => ({
    id,
    hidden: false,
    initialWidth: 200,
    initialHeight: 100,
    measured: measured ? { width: 210, height: 120 } : {},
    internals: { positionAbsolute: { x, y: 0 } },
  });
  const state = (nodes: ReturnType<typeof node>[], nodesInitialized = false) =>
    ({
      nodesInitialized,
      width: 1000,
      height: 500,
      transform: [0, 0, 1],
      nodeLookup: new Map(nodes.map((n) => [n.id, n])),
    }) as unknown as ReactFlowState;

  it('waits for the nodes in view to be measured, not for those out of view (never drawn)', () => {
    expect(nodesInViewMeasured(state([node('near', 100, false), node('far', 90_000, false)]))).toBe(false);
    expect(nodesInViewMeasured(state([node('near', 100, true), node('far', 90_000, false)]))).toBe(true);
    expect(nodesInViewMeasured(state([node('near', 100, true), node('far', 90_000, true)], true))).toBe(true);
  });

  it('waits for the canvas to have a size', () => {
    expect(nodesInViewMeasured({ ...state([node('near', 100, true)]), width: 0 })).toBe(false);
  });
});

describe('the canvas point under a point of the canvas element', () => {
  it('undoes the view’s pan and zoom', () => {
    expect(canvasPoint({ x: 120, y: 70 }, [20, -30, 0.5], null)).toEqual({ x: 200, y: 200 });
  });

  it('lands on the snap grid when the canvas snaps', () => {
    expect(canvasPoint({ x: 120, y: 70 }, [20, -30, 0.5], [15, 15])).toEqual({ x: 195, y: 195 });
    expect(canvasPoint({ x: 24, y: 8 }, [0, 0, 1], [15, 15])).toEqual({ x: 30, y: 15 });
  });
});

describe('the first view fitted again to the same sizes', () => {
  const rects = () => [
    { x: 0, y: 0, width: 220, height: 163 },
    { x: 13_000, y: 13_000, width: 300, height: 213 },
  ];
  const size = { width: 1280, height: 687 };

  it('is the view already reckoned, while the rects, size, insets and zoom are the same', () => {
    const fit = keptFit();
    const first = fit(rects(), { ...size }, clearInsets(120), 0.8);
    expect(first).not.toBeNull();
    expect(fit(rects(), { ...size }, clearInsets(120), 0.8)).toBe(first);
  });

  it('is reckoned again when a node measures otherwise than estimated, or the canvas changes', () => {
    const fit = keptFit();
    const first = fit(rects(), size, clearInsets(120), 0.8);
    const taller = rects().map((r, i) => (i === 0 ? { ...r, height: 400 } : r));
    expect(fit(taller, size, clearInsets(120), 0.8)).toEqual(
      fittedViewport(taller, size, clearInsets(120), 0.8),
    );
    expect(fit(taller, size, clearInsets(120), 0.8)).not.toBe(first);
    const wider = { width: 1600, height: 687 };
    expect(fit(taller, wider, clearInsets(120), 0.8)).toEqual(
      fittedViewport(taller, wider, clearInsets(120), 0.8),
    );
  });
});
