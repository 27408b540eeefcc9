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
 * that it never hides another node's handles, and lies wholly inside `within` (the part of the canvas
 * in view) when given and there is room there. Searches rings of growing distance around the spot.
 */
export function freeSpot(
  wanted: Point,
  size: { width: number; height: number },
  taken: readonly Rect[],
  within?: Rect,
): Point {
  const fits = (p: Point) => !taken.some((rect) => overlaps({ ...p, ...size }, rect));
  if (within) {
    const inside = (p: Point) =>
      p.x >= within.x &&
      p.y >= within.y &&
      p.x + size.width <= within.x + within.width &&
      p.y + size.height <= within.y + within.height;
    const start = {
      x: clamp(wanted.x, within.x, within.x + within.width - size.width),
      y: clamp(wanted.y, within.y, within.y + within.height - size.height),
    };
    // Rings wide enough to cross the view in at most MAX_RINGS steps, however far it is zoomed out.
    const step = Math.max(STEP_PX, Math.max(within.width, within.height) / MAX_RINGS);
    const near = taken.filter((rect) => overlaps(rect, within));
    const free = (p: Point) => inside(p) && !near.some((rect) => overlaps({ ...p, ...size }, rect));
    const spot = search(start, step, free);
    if (spot) return spot;
  }
  return search(wanted, STEP_PX, fits) ?? wanted;
}

function search(from: Point, step: number, fits: (p: Point) => boolean): Point | null {
  if (fits(from)) return from;
  for (let ring = 1; ring <= MAX_RINGS; ring += 1) {
    for (let dx = -ring; dx <= ring; dx += 1) {
      for (const dy of dx === -ring || dx === ring ? range(-ring, ring) : [-ring, ring]) {
        const candidate = { x: from.x + dx * step, y: from.y + dy * step };
        if (fits(candidate)) return candidate;
      }
    }
  }
  return null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
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
