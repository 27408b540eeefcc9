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
