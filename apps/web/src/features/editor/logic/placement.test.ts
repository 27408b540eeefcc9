import { describe, expect, it } from 'vitest';
import { freeSpot, menuPosition } from './placement';

describe('placing new nodes', () => {
  const size = { width: 200, height: 100 };

  it('uses the wanted spot when it is free', () => {
    expect(freeSpot({ x: 100, y: 100 }, size, [{ x: 400, y: 400, width: 100, height: 100 }])).toEqual({
      x: 100,
      y: 100,
    });
  });

  it('moves to the nearest spot where the new node covers no other node', () => {
    const taken = [{ x: 0, y: 0, width: 300, height: 300 }];
    const spot = freeSpot({ x: 50, y: 50 }, size, taken);
    const clear = spot.x >= 310 || spot.y >= 310 || spot.x + size.width <= -10 || spot.y + size.height <= -10;
    expect(clear).toBe(true);
    expect(Math.hypot(spot.x - 50, spot.y - 50)).toBeLessThan(400);
  });
});

describe('placing new nodes in view', () => {
  const size = { width: 300, height: 160 };
  const view = { x: 0, y: 0, width: 1400, height: 800 };
  const inside = (p: { x: number; y: number }) =>
    p.x >= view.x && p.y >= view.y && p.x + size.width <= 1400 && p.y + size.height <= 800;
  const covers = (p: { x: number; y: number }, r: { x: number; y: number; width: number; height: number }) =>
    p.x < r.x + r.width && r.x < p.x + size.width && p.y < r.y + r.height && r.y < p.y + size.height;

  it('keeps a node wanted above the view (under the toolbar) inside it', () => {
    const spot = freeSpot({ x: 350, y: -400 }, size, [], view);
    expect(inside(spot)).toBe(true);
    expect(spot.x).toBe(350);
  });

  it('finds free room in view next to the nodes at its centre rather than on them or out of sight', () => {
    const taken = [
      { x: 400, y: 200, width: 600, height: 400 },
      { x: 0, y: 0, width: 350, height: 350 },
    ];
    const spot = freeSpot({ x: 550, y: 320 }, size, taken, view);
    expect(inside(spot)).toBe(true);
    expect(taken.some((rect) => covers(spot, rect))).toBe(false);
  });

  it('leaves the view only when it is full', () => {
    const spot = freeSpot({ x: 350, y: 220 }, size, [{ ...view }], view);
    expect(covers(spot, view)).toBe(false);
  });
});

describe('the node menu position', () => {
  const bounds = { width: 1000, height: 600 };
  const size = { width: 400, height: 320 };

  it('opens at the cursor when it fits', () => {
    expect(menuPosition({ x: 100, y: 100 }, size, bounds)).toEqual({ x: 100, y: 100 });
  });

  it('flips left and moves up near the right and bottom edges', () => {
    expect(menuPosition({ x: 900, y: 500 }, size, bounds)).toEqual({ x: 500, y: 280 });
  });
});
