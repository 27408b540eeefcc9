import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  drawnOnMinimap,
  minimapFrame,
  pannedViewport,
  toMinimap,
  viewRect,
  wheelZoom,
} from './minimap';
import type { Rect } from './placement';

const MAP = { width: 200, height: 120 };
const CANVAS = { width: 1280, height: 700 };
const inside = (r: Rect, size: { width: number; height: number }) =>
  r.x >= -1e-9 && r.y >= -1e-9 && r.x + r.width <= size.width + 1e-9 && r.y + r.height <= size.height + 1e-9;
const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

describe('the minimap', () => {
  // Two rows of the bench's graph: nodes 330 apart, rows 540 apart.
  const nodes: Rect[] = [0, 1, 2, 3].flatMap((i) => [
    { x: i * 330, y: 0, width: 280, height: 400 },
    { x: i * 330, y: 540, width: 280, height: 400 },
  ]);

  it('takes the view as what the canvas element shows, in canvas coordinates', () => {
    expect(viewRect({ x: -100, y: -50, zoom: 0.5 }, { width: 1000, height: 600 })).toEqual({
      x: 200,
      y: 100,
      width: 2000,
      height: 1200,
    });
  });

  it('bounds the nodes, and nothing when there is none', () => {
    expect(boundsOf(nodes)).toEqual({ x: 0, y: 0, width: 1270, height: 940 });
    expect(boundsOf([])).toBeNull();
  });

  it('frames the nodes as React Flow did (its viewBox fitted into 200 x 120)', () => {
    // All nodes and the view in 1,000 x 600: 5 units a pixel and 5 pixels of margin make a
    // 1,050 x 650 viewBox at (-25, -25), fitted by its height and centred across.
    const frame = minimapFrame(
      { x: 0, y: 0, width: 1000, height: 600 },
      { x: 100, y: 100, width: 50, height: 50 },
      MAP,
    )!;
    expect(frame.scale).toBeCloseTo(120 / 650, 9);
    expect(frame.offsetX).toBeCloseTo((200 - 1050 * (120 / 650)) / 2 + 25 * (120 / 650), 9);
    expect(frame.offsetY).toBeCloseTo(25 * (120 / 650), 9);
  });

  it('draws every node and the view inside the minimap, centred, at one scale', () => {
    for (const viewport of [
      { x: 0, y: 0, zoom: 0.8 },
      { x: 5000, y: -3000, zoom: 0.2 },
      { x: -200, y: -100, zoom: 4 },
    ]) {
      const view = viewRect(viewport, CANVAS);
      const frame = minimapFrame(boundsOf(nodes), view, MAP)!;
      const drawn = [...nodes, view].map((r) => toMinimap(r, frame));
      for (const r of drawn) expect(inside(r, MAP)).toBe(true);
      const whole = centre(boundsOf(drawn)!);
      expect(whole.x).toBeCloseTo(MAP.width / 2, 6);
      expect(whole.y).toBeCloseTo(MAP.height / 2, 6);
      // One scale both ways: a square stays square.
      const square = toMinimap({ x: 0, y: 0, width: 100, height: 100 }, frame);
      expect(square.width).toBeCloseTo(square.height, 9);
    }
  });

  it('draws every node and the view some pixels wide when one node lies far from the rest', () => {
    // 60,000 canvas px off: at scale the other nodes and the view come out a pixel or less.
    const far = [...nodes, { x: 60_000, y: 40_000, width: 280, height: 400 }];
    const view = viewRect({ x: 0, y: 0, zoom: 0.6 }, CANVAS);
    const frame = minimapFrame(boundsOf(far), view, MAP)!;
    expect(toMinimap(far[0]!, frame).width).toBeLessThan(1);
    for (const rect of [...far, view]) {
      const drawn = drawnOnMinimap(rect, frame);
      expect(drawn.width).toBeGreaterThanOrEqual(3);
      expect(drawn.height).toBeGreaterThanOrEqual(3);
      expect(inside(drawn, MAP)).toBe(true);
      // Grown about where it is: its centre stays.
      expect(centre(drawn).x).toBeCloseTo(centre(toMinimap(rect, frame)).x, 9);
      expect(centre(drawn).y).toBeCloseTo(centre(toMinimap(rect, frame)).y, 9);
    }
    // A node drawn larger than that keeps its size.
    const near = minimapFrame(boundsOf(nodes), view, MAP)!;
    expect(drawnOnMinimap(nodes[0]!, near)).toEqual(toMinimap(nodes[0]!, near));
  });

  it('frames the view alone when there is no node, and nothing before the canvas has a size', () => {
    const view = viewRect({ x: 0, y: 0, zoom: 1 }, CANVAS);
    expect(inside(toMinimap(view, minimapFrame(null, view, MAP)!), MAP)).toBe(true);
    expect(minimapFrame(null, viewRect({ x: 0, y: 0, zoom: 1 }, { width: 0, height: 0 }), MAP)).toBeNull();
  });

  it('pans the canvas so that the view rectangle follows a drag on the minimap', () => {
    const viewport = { x: -300, y: -150, zoom: 0.5 };
    const frame = minimapFrame(boundsOf(nodes), viewRect(viewport, CANVAS), MAP)!;
    const before = toMinimap(viewRect(viewport, CANVAS), frame);
    const moved = pannedViewport(viewport, 12, -7, frame);
    const after = toMinimap(viewRect(moved, CANVAS), frame);
    expect(moved.zoom).toBe(0.5);
    expect(after.x - before.x).toBeCloseTo(12, 9);
    expect(after.y - before.y).toBeCloseTo(-7, 9);
  });

  it('zooms in on a wheel turned up and out on one turned down, by React Flow measure', () => {
    const pixels = (deltaY: number, ctrlKey = false) => ({ deltaY, deltaMode: 0, ctrlKey });
    expect(wheelZoom(1, pixels(-100), false)).toBeCloseTo(2 ** 0.2, 9);
    expect(wheelZoom(1, pixels(100), false)).toBeCloseTo(2 ** -0.2, 9);
    expect(wheelZoom(0.5, { deltaY: -3, deltaMode: 1, ctrlKey: false }, false)).toBeCloseTo(
      0.5 * 2 ** 0.15,
      9,
    );
    // A Mac trackpad's pinch: small deltas with ctrlKey, ten times as strong.
    expect(wheelZoom(1, pixels(-10, true), true)).toBeCloseTo(2 ** 0.2, 9);
    expect(wheelZoom(1, pixels(-10, true), false)).toBeCloseTo(2 ** 0.02, 9);
  });
});
