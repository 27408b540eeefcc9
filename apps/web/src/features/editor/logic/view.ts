import { getViewportForBounds, type ReactFlowState, type Viewport } from '@xyflow/react';
import { CANVAS_SETTINGS } from './device';
import { boundsOf } from './minimap';
import type { Rect } from './placement';

/** Screen pixels along the canvas's edges that nothing is fitted or placed under. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const MARGIN_PX = 20;
/** The zoom buttons' column at the bottom right. */
const CONTROLS_WIDTH_PX = 30;

/** The canvas's clear area: the minimap covers its top right corner, the zoom buttons its right edge. */
export function clearInsets(minimapHeight: number): Insets {
  return {
    top: minimapHeight + MARGIN_PX,
    right: CONTROLS_WIDTH_PX + MARGIN_PX,
    bottom: MARGIN_PX,
    left: MARGIN_PX,
  };
}

/**
 * The view showing every node of `nodes` (their rects) inside the clear area of a canvas of `size`
 * (what the Fit View button and the editor's first view show), never closer than `maxZoom` (the
 * device's default zoom: a small graph is not blown up), never further than the canvas's least zoom.
 * A graph wider than the least zoom can hold (a node dragged far off) is not centred on its bounds'
 * middle, which may hold no node at all: the view fits the largest cluster (see busiestNodes), and
 * the minimap shows where the rest lie. Null of no node.
 */
export function fittedViewport(
  nodes: readonly Rect[],
  size: { width: number; height: number },
  insets: Insets,
  maxZoom: number,
): Viewport | null {
  const all = boundsOf(nodes);
  if (!all) return null;
  const minZoom = CANVAS_SETTINGS.minZoom;
  const clear = visibleArea({ x: 0, y: 0, zoom: minZoom }, size, insets);
  const fits = all.width <= clear.width && all.height <= clear.height;
  const shown = fits ? all : boundsOf(busiestNodes(nodes, clear))!;
  const px = (n: number) => `${n}px` as const;
  return getViewportForBounds(shown, size.width, size.height, minZoom, maxZoom, {
    top: px(insets.top),
    right: px(insets.right),
    bottom: px(insets.bottom),
    left: px(insets.left),
  });
}

/**
 * fittedViewport, answered again without reckoning while it is asked with the same rects, size, insets
 * and zoom. The editor fits its first view to the nodes' estimated sizes and once more when they are
 * measured: a card measures as estimated, and a graph too wide for the least zoom would walk
 * busiestNodes again (O(n^2)) for the same view.
 */
export function keptFit(): typeof fittedViewport {
  let last: { args: Parameters<typeof fittedViewport>; view: Viewport | null } | null = null;
  return (...args) => {
    if (last && sameFitArgs(last.args, args)) return last.view;
    last = { args, view: fittedViewport(...args) };
    return last.view;
  };
}

function sameFitArgs(
  [nodes, size, insets, zoom]: Parameters<typeof fittedViewport>,
  [otherNodes, otherSize, otherInsets, otherZoom]: Parameters<typeof fittedViewport>,
): boolean {
  const sameRect = (a: Rect, b: Rect) =>
    a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
  return (
    zoom === otherZoom &&
    size.width === otherSize.width &&
    size.height === otherSize.height &&
    (['top', 'right', 'bottom', 'left'] as const).every((side) => insets[side] === otherInsets[side]) &&
    nodes.length === otherNodes.length &&
    nodes.every((rect, i) => sameRect(rect, otherNodes[i]!))
  );
}

/**
 * The nodes of the window of `area`'s size that holds the most of them wholly (ties: the one
 * furthest left, then up, where a movie's graph starts). A node counts by its top left corner in the
 * window less the largest node's size, so every node counted lies wholly in the window. Exact, by
 * sliding the window's left edge over each corner and its bottom over each corner below: O(n^2), run
 * only when the graph does not fit at the least zoom.
 */
export function busiestNodes(nodes: readonly Rect[], area: { width: number; height: number }): Rect[] {
  let largest = { width: 0, height: 0 };
  for (const r of nodes)
    largest = { width: Math.max(largest.width, r.width), height: Math.max(largest.height, r.height) };
  const width = Math.max(0, area.width - largest.width);
  const height = Math.max(0, area.height - largest.height);
  const lefts = [...new Set(nodes.map((r) => r.x))].sort((a, b) => a - b);
  const byY = nodes.map((r) => r.y);
  const order = byY.map((_, i) => i).sort((a, b) => byY[a]! - byY[b]!);
  let best = { count: 0, left: 0, top: 0 };
  for (const left of lefts) {
    const tops = order.filter((i) => nodes[i]!.x >= left && nodes[i]!.x <= left + width).map((i) => byY[i]!);
    let first = 0;
    tops.forEach((bottom, last) => {
      while (tops[first]! < bottom - height) first++;
      const count = last - first + 1;
      if (count > best.count) best = { count, left, top: tops[first]! };
    });
  }
  const { left, top } = best;
  return nodes.filter((r) => r.x >= left && r.x <= left + width && r.y >= top && r.y <= top + height);
}

/**
 * Whether every node the view shows has been drawn and measured (the editor fits its first view again
 * then, with real sizes). React Flow's own nodesInitialized waits for every node, and one out of view
 * is never drawn to be measured when it carries an estimated size: a first view on the largest
 * cluster would never be fitted again.
 */
export function nodesInViewMeasured(state: ReactFlowState): boolean {
  if (state.nodesInitialized) return true;
  if (!state.width || !state.height || state.nodeLookup.size === 0) return false;
  const [tx, ty, zoom] = state.transform;
  const left = -tx / zoom;
  const top = -ty / zoom;
  const right = left + state.width / zoom;
  const bottom = top + state.height / zoom;
  for (const node of state.nodeLookup.values()) {
    if (node.hidden || (node.measured.width !== undefined && node.measured.height !== undefined)) continue;
    const { x, y } = node.internals.positionAbsolute;
    const inView =
      x < right && x + (node.initialWidth ?? 0) > left && y < bottom && y + (node.initialHeight ?? 0) > top;
    if (inView) return false;
  }
  return true;
}

export function sameViewport(a: Viewport, b: Viewport): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.zoom - b.zoom) < 1e-4;
}

/** The part of the canvas a viewport shows inside the clear area, in canvas coordinates. */
export function visibleArea(
  viewport: Viewport,
  size: { width: number; height: number },
  insets: Insets,
): Rect {
  const { x, y, zoom } = viewport;
  return {
    x: (insets.left - x) / zoom,
    y: (insets.top - y) / zoom,
    width: Math.max(0, size.width - insets.left - insets.right) / zoom,
    height: Math.max(0, size.height - insets.top - insets.bottom) / zoom,
  };
}

const viewKey = (movieId: string) => `cinegraph.editorView.${movieId}`;

/** The view the creator last left the movie's canvas at (kept in this browser), if they moved it. */
export function savedViewport(movieId: string): Viewport | null {
  try {
    const view = JSON.parse(localStorage.getItem(viewKey(movieId)) ?? 'null') as Viewport | null;
    const finite = view && [view.x, view.y, view.zoom].every((n) => Number.isFinite(n)) && view.zoom > 0;
    return finite ? { x: view.x, y: view.y, zoom: view.zoom } : null;
  } catch {
    return null;
  }
}

export function saveViewport(movieId: string, viewport: Viewport): void {
  localStorage.setItem(viewKey(movieId), JSON.stringify(viewport));
}

/**
 * The canvas point under a point of the canvas element (pixels from its top left corner) in a view
 * of React Flow's `transform` ([x, y, zoom]), on the snap grid if one is given: what React Flow's
 * screenToFlowPosition gives, without its instance (see useCanvasView).
 */
export function canvasPoint(
  point: { x: number; y: number },
  [x, y, zoom]: readonly [number, number, number],
  snapGrid: readonly [number, number] | null,
): { x: number; y: number } {
  const at = { x: (point.x - x) / zoom, y: (point.y - y) / zoom };
  if (!snapGrid) return at;
  return { x: snapGrid[0] * Math.round(at.x / snapGrid[0]), y: snapGrid[1] * Math.round(at.y / snapGrid[1]) };
}
