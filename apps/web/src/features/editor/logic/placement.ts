export interface Point {
  x: number;
  y: number;
}

export interface Rect extends Point {
  width: number;
  height: number;
}

const STEP_PX = 40;
const MAX_RINGS = 30;
const MARGIN_PX = 10;

function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width + MARGIN_PX &&
    b.x < a.x + a.width + MARGIN_PX &&
    a.y < b.y + b.height + MARGIN_PX &&
    b.y < a.y + a.height + MARGIN_PX
  );
}

/**
 * A spot for a new node of `size` as near to `wanted` as possible where it covers no other node, so
 * that it never hides another node's handles. Searches rings of growing distance around the spot.
 */
export function freeSpot(
  wanted: Point,
  size: { width: number; height: number },
  taken: readonly Rect[],
): Point {
  const fits = (p: Point) => !taken.some((rect) => overlaps({ ...p, ...size }, rect));
  if (fits(wanted)) return wanted;
  for (let ring = 1; ring <= MAX_RINGS; ring += 1) {
    for (let dx = -ring; dx <= ring; dx += 1) {
      for (const dy of dx === -ring || dx === ring ? range(-ring, ring) : [-ring, ring]) {
        const candidate = { x: wanted.x + dx * STEP_PX, y: wanted.y + dy * STEP_PX };
        if (fits(candidate)) return candidate;
      }
    }
  }
  return wanted;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Where a menu of `size` opens at `at` so that it stays inside `bounds` (it flips at the edges). */
export function menuPosition(
  at: Point,
  size: { width: number; height: number },
  bounds: { width: number; height: number },
): Point {
  const x = at.x + size.width > bounds.width ? Math.max(0, at.x - size.width) : at.x;
  const y = at.y + size.height > bounds.height ? Math.max(0, bounds.height - size.height) : at.y;
  return { x, y };
}
